import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, errorMessage } from '@/lib/api-client';
import { formatCountOf, formatMoney } from '@/lib/formatters';
import { notifyError, notifySuccess } from '@/lib/notify';
import { POLICY } from '@/lib/policy';
import { minimumOfferCents } from '@/entities/product/fees';
import type { Product } from '@/entities/product/product';
import { amountInput } from '../amount-input';

interface WatcherOffersSent {
  sent: number;
  price: string;
  expiresAt: string;
}

const FAILED = 'Could not send the offer. Please try again.';

function cents(text: string): number {
  return Math.round(Number(text || '0') * 100);
}

/** The seller offers one price to everyone watching the listing (docs/selling.md, "Offers to
 * watchers"): at most 90% of the price, at least the offer minimum, once a day. */
export function WatcherOfferDialog({
  product,
  opened,
  onClose,
}: {
  product: Product;
  opened: boolean;
  onClose: () => void;
}) {
  const priceCents = cents(product.price);
  const highest = Math.floor(priceCents * 0.9);
  const lowest = minimumOfferCents(priceCents);
  const [amount, setAmount] = useState((highest / 100).toFixed(2));
  const [problem, setProblem] = useState<string | null>(null);
  const client = useQueryClient();
  const send = useMutation({
    mutationFn: (price: string) =>
      api.post(`products/${product.id}/watcher-offers`, { json: { price } }).json<WatcherOffersSent>(),
    onSuccess: (result) => {
      void client.invalidateQueries({ queryKey: ['offers'] });
      notifySuccess(
        `Offer sent to ${formatCountOf(result.sent, 'watcher')}`,
        `${formatMoney(result.price)} for ${POLICY.watcherOfferLifetime}; the first to accept gets it.`,
      );
      onClose();
    },
    onError: (error) => {
      const text = errorMessage(error, FAILED);
      setProblem(text);
      notifyError(text, 'Not sent');
    },
  });

  function submit() {
    const value = cents(amount);
    if (!value || value < lowest || value > highest) {
      setProblem(`Choose a price from ${formatMoney(lowest / 100)} to ${formatMoney(highest / 100)}.`);
      return;
    }
    setProblem(null);
    send.mutate((value / 100).toFixed(2));
  }

  const watchers = product.watchCount;
  return (
    <Modal opened={opened} onClose={onClose} title="Offer to watchers" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm">
            {formatCountOf(watchers, 'person is', 'people are')} watching {product.title}. Each gets your
            offer and has {POLICY.watcherOfferLifetime} to accept; the first to accept gets it reserved. You
            can send one offer a day.
          </Text>
          <TextInput
            label="Offer price"
            leftSection="$"
            inputMode="decimal"
            value={amount}
            description={`From ${formatMoney(lowest / 100)} to ${formatMoney(highest / 100)} (90% of the price)`}
            error={problem}
            onChange={(event) => setAmount(amountInput(event.currentTarget.value))}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={send.isPending}>
              Send offer
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
