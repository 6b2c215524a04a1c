import { Alert, Button, Group, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { useFocusWhenShown } from '@/lib/use-focus-when-shown';
import { useSessionStore } from '@/entities/session/session-store';
import { resendVerification } from '../api';

/** Until the member confirms their email: a reminder with "Resend" (nothing is blocked). Once
 *  a new link is sent, the banner says so in the server's words, and that sentence takes the
 *  focus (the button had it, and lost it while it was busy). */
export function VerifyEmailBanner() {
  const user = useSessionStore((state) => state.user);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const said = useRef<HTMLParagraphElement>(null);
  const focusWhenShown = useFocusWhenShown();
  if (!user || user.emailVerified !== false) return null;
  async function resend() {
    setSending(true);
    try {
      setSent((await resendVerification()).message);
      focusWhenShown(() => said.current);
    } catch (error) {
      notifyError(errorMessage(error, 'Failed to send the email. Please try again.'));
    } finally {
      setSending(false);
    }
  }
  return (
    <Alert color="yellow" radius={0} py="xs" role="status" aria-label="Confirm your email">
      <Group justify="center" gap="sm">
        <Text size="sm" ref={said} tabIndex={-1}>
          {sent ?? `Please confirm your email: we sent a link to ${user.email}.`}
        </Text>
        <Button
          size="compact-sm"
          variant="light"
          color="yellow"
          loading={sending}
          onClick={() => void resend()}
        >
          Resend
        </Button>
      </Group>
    </Alert>
  );
}
