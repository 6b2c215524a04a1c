import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useBlockToggle } from '../api';

interface BlockedSellerNoticeProps {
  sellerId: number;
  sellerName: string;
}

/** A listing of a member the reader blocked (`blockedByYou` in the product answer): nothing
 *  of theirs can be bought, offered on or bagged, nor can they be messaged or followed (the
 *  server refuses all of it, docs/trust.md), so the page says so in place of those actions,
 *  with Unblock here and the list of blocked members in Settings. */
export function BlockedSellerNotice({ sellerId, sellerName }: BlockedSellerNoticeProps) {
  const toggle = useBlockToggle();
  const unblock = () =>
    toggle.mutate(
      { userId: sellerId, block: false },
      {
        onSuccess: () => notifySuccess('Member unblocked'),
        onError: (error) => notifyError(errorMessage(error, 'Could not unblock this member.')),
      },
    );
  return (
    <Alert
      color="gray"
      variant="light"
      icon={<IconBan size={18} aria-hidden />}
      title="You blocked this seller"
      data-testid="blocked-seller"
    >
      <Text size="sm" mb="xs">
        Unblock them to buy, make an offer or message them. Your blocked members are listed in{' '}
        <Anchor component={Link} to="/settings#blocked-members" size="sm">
          Settings
        </Anchor>
        .
      </Text>
      <Group gap="xs">
        <Button size="xs" variant="default" loading={toggle.isPending} onClick={unblock}>
          Unblock {sellerName}
        </Button>
      </Group>
    </Alert>
  );
}
