import { Alert, Anchor, Container, Loader, Paper, Stack, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage } from '@/lib/api-client';
import { useSessionStore } from '@/entities/session/session-store';
import { verifyEmail } from '../api';

type State =
  | { kind: 'loading' }
  | { kind: 'done'; message: string; already: boolean }
  | { kind: 'failed'; message: string };

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
  // A used link of an account verified at its address: the server answers "already verified",
  // signed in or not. A link refused otherwise (expired, or voided by a change) of a signed-in
  // account that is verified by now: the account says it is done.
  const verifiedEmail = useSessionStore((session) =>
    session.user?.emailVerified ? (session.user.email ?? 'your email address') : null,
  );
  const alreadyVerified = state.kind === 'failed' && verifiedEmail !== null;
  useEffect(() => {
    if (asked.current || !token) return; // a link is used once, even under StrictMode's double effects
    asked.current = true;
    verifyEmail(token)
      .then((answer) => {
        setState({ kind: 'done', message: answer.message, already: answer.alreadyVerified === true });
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
            <Alert color="teal" title={state.already ? 'Already verified' : 'Email verified'} role="status">
              {state.message}
            </Alert>
            <Anchor component={Link} to="/">
              Continue shopping
            </Anchor>
          </Stack>
        )}
        {alreadyVerified && (
          <Stack>
            <Alert color="teal" title="Already verified" role="status">
              {verifiedEmail} is already verified, so there is nothing more to do. This link has been used or
              has expired.
            </Alert>
            <Anchor component={Link} to="/">
              Continue shopping
            </Anchor>
          </Stack>
        )}
        {state.kind === 'failed' && !alreadyVerified && (
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
