import { Alert, Anchor, Container, Loader, Paper, Stack, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage } from '@/lib/api-client';
import { useSessionStore } from '@/entities/session/session-store';
import { verifyEmail } from '../api';

type State = { kind: 'loading' } | { kind: 'done'; message: string } | { kind: 'failed'; message: string };

/** /verify-email?token=…: confirms the address the link was sent to, signed in or not. */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // A link without a token fails at once; one with a token is asked once.
  const [state, setState] = useState<State>(() =>
    token
      ? { kind: 'loading' }
      : { kind: 'failed', message: 'This verification link is invalid or has expired.' },
  );
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current || !token) return; // a link is used once, even under StrictMode's double effects
    asked.current = true;
    verifyEmail(token)
      .then((answer) => {
        setState({ kind: 'done', message: answer.message });
        void useSessionStore.getState().fetchUser();
      })
      .catch((error: unknown) =>
        setState({
          kind: 'failed',
          message: errorMessage(error, 'Failed to verify your email. Please try again.'),
        }),
      );
  }, [token]);
  return (
    <Container size="xs" py="xl">
      <Paper withBorder radius="lg" p="xl" shadow="sm">
        <Title order={1} size="h2" mb="md">
          Confirm your email
        </Title>
        {state.kind === 'loading' && <Loader aria-label="Confirming your email" />}
        {state.kind === 'done' && (
          <Stack>
            <Alert color="teal" title="Email verified" role="status">
              {state.message}
            </Alert>
            <Anchor component={Link} to="/">
              Continue shopping
            </Anchor>
          </Stack>
        )}
        {state.kind === 'failed' && (
          <Stack>
            <Alert color="red" title="Not verified" role="alert">
              {state.message}
            </Alert>
            <Anchor component={Link} to="/settings">
              Send a new link from your settings
            </Anchor>
          </Stack>
        )}
      </Paper>
    </Container>
  );
}
