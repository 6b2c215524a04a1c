import { Alert, Button, Group, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/formatters';
import { notifyError, notifySuccess } from '@/lib/notify';
import { cancelEmailChange, type PendingEmailChange, resendEmailChange } from '../api';

interface PendingEmailChangeNoticeProps {
  change: PendingEmailChange;
  /** The address the account uses until the change is confirmed. */
  current: string;
  /** After either action, whatever its outcome: read the pending change again. */
  onChanged: () => void;
  /** After a cancel: the notice goes, so the caller moves the focus. */
  onCancelled: () => void;
}

/** /settings, "Email": the change waiting for its link. Where the link went and when, which
 * address signs in until then, and "Send again" (a new link; the server kills the earlier
 * one) or "Cancel change". A region named by its title, not an alert: it is there when the
 * page opens, and the outcomes are announced by their toasts. */
export function PendingEmailChangeNotice({
  change,
  current,
  onChanged,
  onCancelled,
}: PendingEmailChangeNoticeProps) {
  const resend = useMutation({
    mutationFn: resendEmailChange,
    onSuccess: (answer) => notifySuccess('Link sent again', answer.message),
    onError: (error) => notifyError(errorMessage(error, 'Failed to send the link again. Please try again.')),
    onSettled: onChanged,
  });
  const cancel = useMutation({
    mutationFn: cancelEmailChange,
    onSuccess: (answer) => {
      notifySuccess('Email change cancelled', answer.message);
      onCancelled();
    },
    onError: (error) =>
      notifyError(errorMessage(error, 'Failed to cancel the email change. Please try again.')),
    onSettled: onChanged,
  });
  return (
    <Alert
      role="region"
      variant="light"
      color="blue"
      radius="md"
      mb="md"
      icon={<IconMailForward size={20} aria-hidden />}
      title="Confirm your new email"
      data-testid="pending-email-change"
    >
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        We sent a link to <strong>{change.email}</strong> on {formatDate(change.sentAt)}; open it to confirm.
        Until then you sign in with <strong>{current}</strong>.
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        The link works until {formatDateTime(change.expiresAt)}.
      </Text>
      <Group gap="sm" mt="sm">
        <Button
          size="xs"
          variant="default"
          loading={resend.isPending}
          disabled={cancel.isPending}
          onClick={() => resend.mutate()}
        >
          Send again
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          loading={cancel.isPending}
          disabled={resend.isPending}
          onClick={() => cancel.mutate()}
        >
          Cancel change
        </Button>
      </Group>
    </Alert>
  );
}
