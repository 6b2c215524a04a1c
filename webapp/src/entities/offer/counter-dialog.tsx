import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useEffectEvent } from 'react';
import { submitWith } from '@/lib/form';
import { formatMoney } from '@/lib/formatters';
import type { Offer } from './offer';

interface CounterDialogProps {
  offer: Offer | null;
  onClose: () => void;
  /** Sends the counter price ('85.00'); the dialog closes when it resolves. */
  onCounter: (offer: Offer, counterPrice: string) => Promise<unknown>;
}

/** Counter Offer: a price field (min 0.01, step 0.01); Send stays disabled while it is empty. */
export function CounterDialog({ offer, onClose, onCounter }: CounterDialogProps) {
  const form = useForm<{ counterPrice: number | string }>({
    mode: 'controlled',
    initialValues: { counterPrice: '' },
    validate: {
      counterPrice: (value) => (Number(value) >= 0.01 ? null : 'Counter price must be at least $0.01'),
    },
  });

  // Start empty each time the dialog opens for an offer.
  const resetForm = useEffectEvent(() => form.reset());
  const offerId = offer?.id;
  useEffect(() => {
    if (offerId !== undefined) resetForm();
  }, [offerId]);

  const send = (values: { counterPrice: number | string }) =>
    onCounter(offer as Offer, Number(values.counterPrice).toFixed(2));

  return (
    <Modal opened={offer !== null} onClose={onClose} title="Counter Offer" centered>
      {offer && (
        <form
          onSubmit={submitWith(form, send, {
            fallback: 'Failed to respond to offer',
            quiet: true,
            onSuccess: onClose,
          })}
          noValidate
        >
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {offer.buyer?.displayName ?? 'The buyer'} offered {formatMoney(offer.offerPrice)} for{' '}
              {offer.product.title} (listed at {formatMoney(offer.originalPrice)}).
            </Text>
            <NumberInput
              label="Counter price"
              prefix="$"
              min={0.01}
              step={0.01}
              decimalScale={2}
              fixedDecimalScale
              allowNegative={false}
              placeholder="0.00"
              data-autofocus
              {...form.getInputProps('counterPrice')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={form.submitting} disabled={form.values.counterPrice === ''}>
                Send Counter Offer
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
