import { Button, Group, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSetVacation, useVacation } from './vacation';
import { SettingsSection } from '@/components/settings-section';

/** Settings: vacation mode on or off, an optional return date and an away message. */
export function VacationForm({ userId }: { userId: number }) {
  const saved = useVacation(userId);
  const save = useSetVacation(userId);
  const [on, setOn] = useState(false);
  const [until, setUntil] = useState('');
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // The saved settings, each time they (re)load, replace what the form shows.
  const [shown, setShown] = useState(saved.data);
  if (saved.data !== shown) {
    setShown(saved.data);
    if (saved.data) {
      setOn(saved.data.on);
      setUntil(saved.data.until ? saved.data.until.slice(0, 10) : '');
      setMessage(saved.data.message);
    }
  }

  const submit = () => {
    setProblem(null);
    // The seller is back at the start of the chosen day, in their own time zone.
    const back = until ? new Date(`${until}T00:00:00`).toISOString() : null;
    save.mutate(
      { on, until: on ? back : null, message: on ? message : '' },
      {
        onSuccess: (result) =>
          notifySuccess(
            result.on ? 'Vacation mode is on' : 'Vacation mode is off',
            result.notice ?? undefined,
          ),
        onError: (error) => {
          const text = errorMessage(error, 'Could not save vacation mode. Please try again.');
          setProblem(text);
          notifyError(text, 'Not saved');
        },
      },
    );
  };

  return (
    <SettingsSection titleId="vacation-title" mt="xl">
      <Stack gap="sm">
        <Title order={2} size="h3" id="vacation-title">
          Vacation mode
        </Title>
        <Text size="sm" c="dimmed">
          Your listings stay visible, but nobody can buy them, add them to a bag or make offers until you are
          back. Messages still arrive and get your away message as an automatic reply.
        </Text>
        <Switch label="I'm away" checked={on} onChange={(event) => setOn(event.currentTarget.checked)} />
        {on && (
          <>
            <TextInput
              type="date"
              label="Back on (optional)"
              value={until}
              onChange={(event) => setUntil(event.currentTarget.value)}
            />
            <Textarea
              label="Away message (optional)"
              maxLength={300}
              rows={2}
              value={message}
              onChange={(event) => setMessage(event.currentTarget.value)}
            />
          </>
        )}
        {problem && (
          <Text c="red" size="sm" role="alert">
            {problem}
          </Text>
        )}
        <Group justify="flex-end">
          <Button onClick={submit} loading={save.isPending} disabled={saved.isPending}>
            Save vacation mode
          </Button>
        </Group>
      </Stack>
    </SettingsSection>
  );
}
