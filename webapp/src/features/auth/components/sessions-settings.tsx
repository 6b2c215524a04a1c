import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useSessionStore } from '@/entities/session/session-store';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/formatters';
import { notifyError, notifySuccess } from '@/lib/notify';
import { nextAfterRemoving, useFocusWhenShown } from '@/lib/use-focus-when-shown';
import { endOtherSessions, endSession, listSessions, type SignedInSession } from '../api';
import { SettingsSection } from '@/components/settings-section';
import { SettingsLoadState } from './settings-load-state';

const SESSIONS_KEY = ['user', 'sessions'] as const;

/** /settings, "Where you're signed in": every session of the account, this one marked;
 * sign out of one (the focus moves to the row that took its place), or of all the others
 * (the focus moves to the section's heading, as their button goes). */
export function SessionsSettings() {
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: SESSIONS_KEY, queryFn: listSessions });
  const refresh = () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLDivElement>(null); // the <ul> (Stack types its ref as a div)
  const focusWhenShown = useFocusWhenShown();

  const endOne = useMutation({
    mutationFn: (session: SignedInSession) => endSession(session.id),
    onSuccess: (answer, session) => {
      notifySuccess('Signed out', answer.message);
      if (session.current) void useSessionStore.getState().fetchUser();
      else {
        focusWhenShown(nextAfterRemoving(list, session.id, () => heading.current));
        void refresh();
      }
    },
    onError: (error) =>
      notifyError(errorMessage(error, 'Failed to sign out of that session. Please try again.')),
  });
  const endOthers = useMutation({
    mutationFn: endOtherSessions,
    onSuccess: (answer) => {
      notifySuccess('Signed out elsewhere', answer.message);
      focusWhenShown(() => heading.current);
      void refresh();
    },
    onError: (error) =>
      notifyError(errorMessage(error, 'Failed to sign out of your other sessions. Please try again.')),
  });

  const others = (sessions.data ?? []).filter((session) => !session.current).length;
  return (
    <SettingsSection titleId="sessions-title">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={2} size="h3" id="sessions-title" ref={heading} tabIndex={-1}>
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
          ref={list}
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
              data-list-item={session.id}
              tabIndex={-1}
            >
              {/* The text gives way on a narrow screen (it wraps), never the button. */}
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {session.device ?? 'Unknown browser'}
                  </Text>
                  {session.current && (
                    <Badge size="sm" color="teal" variant="light">
                      This device
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
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
                style={{ flexShrink: 0 }}
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
