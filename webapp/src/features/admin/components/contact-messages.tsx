import { Anchor, Button, Card, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/formatters';
import { useContactMessages, type ContactMessage } from '../api';
import { PageLoader } from '@/components/page-loader';
import { LoadFailed } from '@/components/load-failed';

function MessageCard({ message }: { message: ContactMessage }) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={message.subject}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} size="h5">
            {message.subject}
          </Title>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatDate(message.createdAt)}
          </Text>
        </Group>
        <Text size="sm">
          {message.name} · <Anchor href={`mailto:${message.email}`}>{message.email}</Anchor>
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.message}
        </Text>
      </Stack>
    </Card>
  );
}

/** Messages sent through the contact form, newest first (the server orders them). */
export function ContactMessages() {
  const list = useContactMessages();
  const messages = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          Messages people sent through the contact form, newest first.
        </Text>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={list.isRefetching && !list.isFetchingNextPage}
          onClick={() => void list.refetch()}
        >
          Refresh
        </Button>
      </Group>

      {list.isPending && <PageLoader inline label="Loading contact messages" />}

      {list.isError && (
        <LoadFailed
          title="Failed to load contact messages"
          description={errorMessage(list.error, list.error.message)}
          onRetry={() => void list.refetch()}
        />
      )}

      {list.isSuccess && messages.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          No contact messages yet
        </Text>
      )}

      {messages.map((message) => (
        <MessageCard key={message.id} message={message} />
      ))}

      {list.hasNextPage && (
        <Center>
          <Button variant="light" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            Load more
          </Button>
        </Center>
      )}
    </Stack>
  );
}
