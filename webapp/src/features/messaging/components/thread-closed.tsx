import { Alert, Button, Group, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useBlockToggle } from '@/entities/trust/api';
import { errorMessage } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { messageKeys } from '../api';
import classes from './messages.module.css';

interface ThreadClosedProps {
  partnerId: number;
  /** The reader blocked the partner (so they may unblock); otherwise the partner did. */
  blockedByYou: boolean;
}

/** Shown instead of the composer when either member blocked the other (issue 37): the
 *  conversation stays readable, but no one can send in it. */
export function ThreadClosed({ partnerId, blockedByYou }: ThreadClosedProps) {
  const toggle = useBlockToggle();
  const queryClient = useQueryClient();
  const unblock = () =>
    toggle.mutate(
      { userId: partnerId, block: false },
      {
        onSuccess: () => void queryClient.invalidateQueries({ queryKey: messageKeys.all }),
        onError: (error) => notifyError(errorMessage(error, 'Could not unblock.')),
      },
    );
  return (
    <div className={classes.composer}>
      <Alert
        role="status"
        variant="light"
        color="gray"
        icon={<IconLock size={18} aria-hidden />}
        title="This conversation is closed"
        data-testid="thread-closed"
      >
        {blockedByYou ? (
          <Group justify="space-between" gap="xs">
            <Text size="sm">
              You blocked this member. You can read past messages, but neither of you can send new ones.
            </Text>
            <Button variant="default" size="xs" loading={toggle.isPending} onClick={unblock}>
              Unblock
            </Button>
          </Group>
        ) : (
          <Text size="sm">You can't message this member. You can still read past messages.</Text>
        )}
      </Alert>
    </div>
  );
}
