import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSessionStore } from '@/entities/session/session-store';
import { resendVerification } from '../api';

/** Until the member confirms their email: a reminder with "Resend" (nothing is blocked). */
export function VerifyEmailBanner() {
  const user = useSessionStore((state) => state.user);
  const [sending, setSending] = useState(false);
  if (!user || user.emailVerified !== false) return null;
  async function resend() {
    setSending(true);
    try {
      notifySuccess('Email sent', (await resendVerification()).message);
    } catch (error) {
      notifyError(errorMessage(error, 'Failed to send the email. Please try again.'));
    } finally {
      setSending(false);
    }
  }
  return (
    <Alert color="yellow" radius={0} py="xs" role="status" aria-label="Confirm your email">
      <Group justify="center" gap="sm">
        <Text size="sm">Please confirm your email: we sent a link to {user.email}.</Text>
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
