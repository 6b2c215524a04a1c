import { Avatar, Badge, EmptyState, Group, NavLink, Skeleton, Stack, Text } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { LoadFailed } from '@/components/load-failed';
import { useConversations, type Conversation } from '../api';
import { formatMessageTime } from '../format';

function ConversationRow({ conversation, active }: { conversation: Conversation; active: boolean }) {
  const name = conversation.displayName || conversation.username;
  const unread = conversation.unreadCount;
  return (
    <NavLink
      component={Link}
      to={`/messages/${conversation.id}`}
      active={active}
      aria-current={active ? 'page' : undefined}
      aria-label={unread > 0 ? `${name}, ${unread} unread` : name}
      leftSection={<Avatar src={conversation.avatarUrl} alt="" name={name} color="brand" />}
      rightSection={
        unread > 0 ? (
          <Badge color="red" size="sm" circle aria-hidden>
            {unread}
          </Badge>
        ) : null
      }
      label={
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={unread > 0 ? 700 : 600} size="sm" truncate>
            {name}
          </Text>
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {formatMessageTime(conversation.lastMessage.createdAt)}
          </Text>
        </Group>
      }
      description={
        <>
          <Text size="xs" c="dimmed" component="span" display="block">
            @{conversation.username}
          </Text>
          <Text size="sm" c={unread > 0 ? undefined : 'dimmed'} lineClamp={1} component="span">
            {conversation.lastMessage.content}
          </Text>
        </>
      }
    />
  );
}

/** The left pane: partners, newest conversation first, with unread badges. */
export function ConversationList({ userId, activeId }: { userId: number; activeId?: number }) {
  const { data, isPending, isError, refetch } = useConversations(userId);
  if (isPending) {
    return (
      <Stack gap="sm" p="sm" aria-label="Loading conversations">
        {[0, 1, 2, 3].map((n) => (
          <Group key={n} wrap="nowrap">
            <Skeleton circle height={38} />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={10} width="50%" />
              <Skeleton height={10} width="80%" />
            </Stack>
          </Group>
        ))}
      </Stack>
    );
  }
  if (isError) return <LoadFailed title="Failed to load conversations" onRetry={() => void refetch()} />;
  if (data.length === 0) {
    return (
      <EmptyState
        title="No conversations yet"
        description="Message a seller from any listing to start one."
        icon={<IconMessageCircle />}
        py="xl"
      />
    );
  }
  return (
    <nav aria-label="Conversations">
      {data.map((conversation) => (
        <ConversationRow
          key={conversation.id}
          conversation={conversation}
          active={conversation.id === activeId}
        />
      ))}
    </nav>
  );
}
