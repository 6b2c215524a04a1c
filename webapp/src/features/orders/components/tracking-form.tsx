import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';

interface TrackingFormProps {
  pending: boolean;
  onSubmit: (tracking: { trackingNumber: string; trackingUrl?: string }) => void;
  onCancel: () => void;
}

/** Mark as Shipped's second click: the tracking number is required, the URL optional. */
export function TrackingForm({ pending, onSubmit, onCancel }: TrackingFormProps) {
  const [number, setNumber] = useState('');
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!number.trim()) {
      setError('Tracking number is required');
      return;
    }
    onSubmit({ trackingNumber: number.trim(), ...(url.trim() ? { trackingUrl: url.trim() } : {}) });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Tracking details">
      <Stack gap="xs">
        <TextInput label="Tracking number" withAsterisk value={number} error={error}
          onChange={(event) => { setNumber(event.currentTarget.value); setError(undefined); }} />
        <TextInput label="Tracking URL (optional)" type="url" value={url}
          onChange={(event) => setUrl(event.currentTarget.value)} />
        <Group gap="xs">
          <Button type="submit" size="xs" loading={pending}>Mark as Shipped</Button>
          <Button size="xs" variant="default" onClick={onCancel}>Cancel</Button>
        </Group>
      </Stack>
    </form>
  );
}
