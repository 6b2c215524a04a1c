import { Button, Group, Modal, Stack, Text, Textarea, TextInput, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { isApiError, errorMessage } from '@/lib/api-client';
import { centsToAmount, defaultOfferCents, toCents } from '@/entities/product/fees';
import { formatMoney } from '@/lib/formatters';
import { notifyError, notifySuccess } from '@/lib/notify';
import type { Product } from '@/entities/product/product';
import { useMakeOffer } from '@/entities/offer/offer';
import { amountInput } from '../amount-input';

const CLOSE_AFTER_MS = 2000;
const FAILED = 'Failed to send offer. Please try again.';

function startingAmount(price: string): string {
  const cents = toCents(price);
  return cents === undefined ? '' : centsToAmount(defaultOfferCents(cents));
}

interface OfferDialogProps {
  product: Product;
  opened: boolean;
  onClose: () => void;
}

/** Make an Offer: amount prefilled at 90%, optional message; a success state, then it closes. */
export function OfferDialog({ product, opened, onClose }: OfferDialogProps) {
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();
  const offer = useMakeOffer();

  useEffect(() => {
    if (!opened) return;
    setAmount(startingAmount(product.price));
    setMessage('');
    setError(undefined);
    offer.reset();
    // Reset only when the dialog opens.
  }, [opened]);

  useEffect(() => {
    if (!offer.isSuccess) return undefined;
    const timer = setTimeout(() => {
      onClose();
      notifySuccess('Offer sent!', 'The seller will be notified.');
    }, CLOSE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [offer.isSuccess, onClose]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!amount.trim()) return setError('Offer amount is required');
    const offerPrice = toCents(amount);
    if (offerPrice === undefined || offerPrice <= 0) return setError('Offer amount must be a positive amount, like 12.50');
    offer.mutate(
      { productId: product.id, offerPrice: centsToAmount(offerPrice), message: message.trim() || undefined },
      { onError: (failure) => notifyError(isApiError(failure, 400) || isApiError(failure, 409) ? errorMessage(failure, FAILED) : FAILED) },
    );
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Make an Offer" centered>
      {offer.isSuccess ? (
        <Stack align="center" gap="sm" py="md" role="status">
          <ThemeIcon size={56} radius="xl" color="green" aria-hidden>
            <IconCheck size={32} />
          </ThemeIcon>
          <Text fw={600}>Offer sent!</Text>
          <Text size="sm" c="dimmed">The seller will be notified.</Text>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {product.title} is listed at {formatMoney(product.price)}.
            </Text>
            <TextInput label="Your offer" leftSection="$" inputMode="decimal" value={amount} error={error}
              onChange={(event) => { setAmount(amountInput(event.currentTarget.value)); setError(undefined); }} />
            <Textarea label="Message (optional)" placeholder="Add a note for the seller" rows={3} resize="vertical"
              value={message} onChange={(event) => setMessage(event.currentTarget.value)} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>Cancel</Button>
              <Button type="submit" loading={offer.isPending}>Send Offer</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
