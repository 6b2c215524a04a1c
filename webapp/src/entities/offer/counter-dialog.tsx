import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useEffectEvent } from 'react';
import { submitWith } from '@/lib/form';
import { useReturnFocus } from '@/lib/return-focus';
import { formatMoney } from '@/lib/formatters';
import type { Offer } from './offer';

interface CounterDialogProps {
  offer: Offer | null;
  onClose: () => void;
  /** Sends the counter price ('85.00'); the dialog closes when it resolves. */
  onCounter: (offer: Offer, counterPrice: string) => Promise<unknown>;
}

/** The server's rule (domain/offers.py, parse_counter_price), checked before sending: above
 * the offer, at most the listing's price now. */
function counterPriceError(value: number | string, offer: Offer | null): string | null {
  const price = Number(value);
  if (!(price >= 0.01)) return 'Counter price must be at least $0.01';
  if (offer && price <= Number(offer.offerPrice)) return 'Counter price must be more than the offer';
  if (offer && price > Number(offer.product.price))
    return 'Counter price cannot be more than the listing price';
  return null;
}

/** Counter Offer: a price field (step 0.01) that says its range, above the offer and at most
 * the listing's price; Send stays disabled while it is empty. */
export function CounterDialog({ offer, onClose, onCounter }: CounterDialogProps) {
  const form = useForm<{ counterPrice: number | string }>({
    mode: 'controlled',
    initialValues: { counterPrice: '' },
    validate: {
      counterPrice: (value) => counterPriceError(value, offer),
    },
  });

  // Start empty each time the dialog opens for an offer.
  const resetForm = useEffectEvent(() => form.reset());
  const offerId = offer?.id;
  // Opened from a card's "More actions" menu: Cancel gives the keyboard back to that button.
  useReturnFocus(offer !== null);
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
              description={`More than ${formatMoney(offer.offerPrice)}, at most ${formatMoney(offer.product.price)}`}
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
