import { Avatar, Button, Group, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { PageLoader } from '@/components/page-loader';
import { LoadFailed } from '@/components/load-failed';
import { useBlockedMembers, useBlockToggle } from '../api';
import { SettingsSection } from '@/components/settings-section';

/** Settings: the members you blocked, each with Unblock. */
export function BlockedMembers() {
  const list = useBlockedMembers();
  const toggle = useBlockToggle();
  return (
    <SettingsSection titleId="blocked-title" id="blocked-members" mt="xl">
      <Stack gap="sm">
        <Title order={2} size="h3" id="blocked-title">
          Blocked members
        </Title>
        <Text size="sm" c="dimmed">
          Neither of you can message, make offers to, buy from or follow the other, and each one&apos;s
          listings, posts and comments stay out of the other&apos;s shop, search and feed. Unblocking does not
          bring back follows, offers or bag items that the block ended.
        </Text>
        {list.isPending && <PageLoader inline label="Loading blocked members" />}
        {list.isError && (
          <LoadFailed
            title="Failed to load blocked members"
            description={errorMessage(list.error, list.error.message)}
            onRetry={() => void list.refetch()}
          />
        )}
        {list.isSuccess && list.data.length === 0 && <Text size="sm">You have not blocked anyone.</Text>}
        {list.data?.map(({ user }) => (
          <Group key={user.id} justify="space-between" data-testid="blocked-member">
            <Group gap="sm">
              <Avatar src={user.avatarUrl} alt="" radius="xl" size="sm" />
              <Text>
                {user.displayName}{' '}
                <Text span c="dimmed">
                  @{user.username}
                </Text>
              </Text>
            </Group>
            <Button
              variant="default"
              size="xs"
              loading={toggle.isPending && toggle.variables?.userId === user.id}
              onClick={() =>
                toggle.mutate(
                  { userId: user.id, block: false },
                  { onError: (error) => notifyError(errorMessage(error, 'Could not unblock.')) },
                )
              }
              aria-label={`Unblock ${user.displayName}`}
            >
              Unblock
            </Button>
          </Group>
        ))}
      </Stack>
    </SettingsSection>
  );
}
