import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef } from 'react';
import { useItemLabel } from '@/components/item-label';
import { submitWith } from '@/lib/form';

export interface Tracking {
  trackingNumber: string;
  trackingUrl: string;
}

interface TrackingFormProps {
  onSubmit: (tracking: Tracking) => Promise<unknown>;
  onCancel: () => void;
}

/** Mark as Shipped's second click: the tracking number is required, the URL optional. */
export function TrackingForm({ onSubmit, onCancel }: TrackingFormProps) {
  const form = useForm<Tracking>({
    mode: 'controlled',
    initialValues: { trackingNumber: '', trackingUrl: '' },
    validate: { trackingNumber: (value) => (value.trim() ? null : 'Tracking number is required') },
  });
  // The form opens in place of the button that was clicked: focus moves to its first field.
  const first = useRef<HTMLInputElement>(null);
  const itemLabel = useItemLabel();
  useEffect(() => first.current?.focus(), []);
  return (
    <form
      onSubmit={submitWith(form, onSubmit, { fallback: 'Failed to update order status.' })}
      noValidate
      aria-label={itemLabel('Tracking details') ?? 'Tracking details'}
    >
      <Stack gap="xs">
        <TextInput
          ref={first}
          label="Tracking number"
          withAsterisk
          {...form.getInputProps('trackingNumber')}
        />
        <TextInput label="Tracking URL (optional)" type="url" {...form.getInputProps('trackingUrl')} />
        <Group gap="xs">
          <Button type="submit" size="xs" loading={form.submitting} aria-label={itemLabel('Mark as Shipped')}>
            Mark as Shipped
          </Button>
          <Button size="xs" variant="default" onClick={onCancel} aria-label={itemLabel('Cancel')}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
