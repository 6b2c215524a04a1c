import { Alert, Anchor, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage } from '@/lib/api-client';
import { unsubscribe } from '../api';

type State =
  | { kind: 'ready' }
  | { kind: 'sending' }
  | { kind: 'done'; message: string }
  | { kind: 'failed'; message: string };

const INVALID = 'This unsubscribe link is not valid.';

/** /unsubscribe?token=…: the link at the foot of every notification email. It asks before
 * acting (mail scanners open links; mail clients use the one-click POST of the header). */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>(() =>
    token ? { kind: 'ready' } : { kind: 'failed', message: INVALID },
  );

  async function confirm() {
    setState({ kind: 'sending' });
    try {
      const answer = await unsubscribe(token);
      setState({ kind: 'done', message: answer.message });
    } catch (error) {
      setState({ kind: 'failed', message: errorMessage(error, 'Failed to unsubscribe. Please try again.') });
    }
  }

  return (
    <Container size="xs" py="xl">
      <Paper withBorder radius="lg" p="xl" shadow="sm">
        <Title order={1} size="h2" mb="md">
          Unsubscribe
        </Title>
        {(state.kind === 'ready' || state.kind === 'sending') && (
          <Stack>
            <Text>
              Stop getting this kind of email from Rethread? You can turn it back on in your settings.
            </Text>
            <Button
              onClick={() => void confirm()}
              loading={state.kind === 'sending'}
              style={{ alignSelf: 'flex-start' }}
            >
              Unsubscribe
            </Button>
          </Stack>
        )}
        {state.kind === 'done' && (
          <Stack>
            <Alert color="teal" title="Unsubscribed" role="status">
              {state.message}
            </Alert>
            <Anchor component={Link} to="/settings#email-notifications">
              Choose which emails you get
            </Anchor>
          </Stack>
        )}
        {state.kind === 'failed' && (
          <Stack>
            <Alert color="red" title="Not unsubscribed" role="alert">
              {state.message}
            </Alert>
            <Anchor component={Link} to="/settings#email-notifications">
              Choose your emails in your settings
            </Anchor>
          </Stack>
        )}
      </Paper>
    </Container>
  );
}
