import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSessionStore } from '@/entities/session/session-store';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/formatters';
import { notifyError, notifySuccess } from '@/lib/notify';
import { endOtherSessions, endSession, listSessions, type SignedInSession } from '../api';
import { SettingsSection } from '@/components/settings-section';
import { SettingsLoadState } from './settings-load-state';

const SESSIONS_KEY = ['user', 'sessions'] as const;

/** /settings, "Where you're signed in": every session of the account, this one marked;
 * sign out of one, or of all the others. */
export function SessionsSettings() {
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: SESSIONS_KEY, queryFn: listSessions });
  const refresh = () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });

  const endOne = useMutation({
    mutationFn: (session: SignedInSession) => endSession(session.id),
    onSuccess: (answer, session) => {
      notifySuccess('Signed out', answer.message);
      if (session.current) void useSessionStore.getState().fetchUser();
      else void refresh();
    },
    onError: (error) =>
      notifyError(errorMessage(error, 'Failed to sign out of that session. Please try again.')),
  });
  const endOthers = useMutation({
    mutationFn: endOtherSessions,
    onSuccess: (answer) => {
      notifySuccess('Signed out elsewhere', answer.message);
      void refresh();
    },
    onError: (error) =>
      notifyError(errorMessage(error, 'Failed to sign out of your other sessions. Please try again.')),
  });

  const others = (sessions.data ?? []).filter((session) => !session.current).length;
  return (
    <SettingsSection titleId="sessions-title">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={2} size="h3" id="sessions-title">
          Where you&apos;re signed in
        </Title>
        {others > 0 && (
          <Button
            variant="light"
            color="red"
            size="xs"
            loading={endOthers.isPending}
            onClick={() => endOthers.mutate()}
          >
            Sign out of all other sessions
          </Button>
        )}
      </Group>
      <SettingsLoadState
        query={sessions}
        loadingLabel="Loading sessions"
        failedTitle="Failed to load your sessions"
      />
      {sessions.data && sessions.data.length === 0 && (
        <Text size="sm" c="dimmed">
          No sessions are signed in.
        </Text>
      )}
      {sessions.data && sessions.data.length > 0 && (
        <Stack
          gap="sm"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label="Signed-in sessions"
        >
          {sessions.data.map((session) => (
            <Group
              key={session.id}
              component="li"
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              data-testid="session-row"
            >
              <Stack gap={2}>
                <Group gap="xs">
                  <Text fw={600} size="sm">
                    {session.device ?? 'Unknown browser'}
                  </Text>
                  {session.current && (
                    <Badge size="sm" color="teal" variant="light">
                      This device
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {session.place ?? 'Unknown place'} · Signed in {formatDateTime(session.signedInAt)} · Last
                  seen {formatDateTime(session.lastSeenAt)}
                </Text>
              </Stack>
              <Button
                variant="subtle"
                color="red"
                size="xs"
                aria-label={`Sign out ${session.current ? 'this device' : (session.device ?? 'unknown browser')}`}
                loading={endOne.isPending && endOne.variables?.id === session.id}
                onClick={() => endOne.mutate(session)}
              >
                Sign out
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </SettingsSection>
  );
}
