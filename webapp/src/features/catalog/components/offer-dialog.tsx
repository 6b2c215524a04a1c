import { Button, Group, Modal, Stack, Text, Textarea, TextInput, ThemeIcon } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useMakeOffer } from '@/entities/offer/offer';
import { centsToAmount, defaultOfferCents, minimumOfferCents, toCents } from '@/entities/product/fees';
import type { Product } from '@/entities/product/product';
import { errorMessage, isApiError } from '@/lib/api-client';
import { submitWith } from '@/lib/form';
import { formatMoney } from '@/lib/formatters';
import { notifyError, notifySuccess } from '@/lib/notify';
import { amountInput } from '../amount-input';

const CLOSE_AFTER_MS = 2000;
const FAILED = 'Failed to send offer. Please try again.';

interface OfferValues {
  offerPrice: string;
  message: string;
}

function startingAmount(price: string): string {
  const cents = toCents(price);
  return cents === undefined ? '' : centsToAmount(defaultOfferCents(cents));
}

/** The server's rules and messages (domain/offers.py, domain/money.py), checked as you type;
 *  the server stays the authority. Every offer under the minimum, $0.00 too, gets one message
 *  (offer_too_low). */
export function offerAmountError(value: string, price: string): string | null {
  if (!value.trim()) return 'Offer amount is required';
  const cents = toCents(value);
  if (cents === undefined) return 'Offer amount must be a number, like 12.50';
  // toCents rounds to the cent; an offer is refused with more than two decimals (OFFER_TOO_PRECISE).
  if (/\.\d{3,}\s*$/.test(value)) return 'Offer amount can have at most 2 decimal places';
  const priceCents = toCents(price);
  if (priceCents === undefined) return null;
  const minimum = minimumOfferCents(priceCents);
  const tooLow = `Offers must be at least ${formatMoney(minimum / 100)}`;
  if (cents <= 0) return tooLow;
  if (cents > priceCents) return 'Offer cannot be more than the listing price';
  return cents < minimum ? tooLow : null;
}

interface OfferDialogProps {
  product: Product;
  opened: boolean;
  onClose: () => void;
  /** The offer was made and the dialog closes: the opener (Make an Offer) is gone by then. */
  onSent?: () => void;
}

/** Make an Offer: amount prefilled at 90%, optional message; a success state, then it closes.
 *  The form mounts each time the dialog opens (Mantine unmounts a closed modal's content), so
 *  it starts afresh, and the amount has the focus (the close button would otherwise). */
export function OfferDialog({ product, opened, onClose, onSent }: OfferDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Make an Offer" centered>
      <OfferForm product={product} onClose={onClose} onSent={onSent} />
    </Modal>
  );
}

function OfferForm({ product, onClose, onSent }: Omit<OfferDialogProps, 'opened'>) {
  const [sent, setSent] = useState(false);
  const offer = useMakeOffer();
  const form = useForm<OfferValues>({
    mode: 'controlled',
    initialValues: { offerPrice: startingAmount(product.price), message: '' },
    validate: { offerPrice: (value) => offerAmountError(value, product.price) },
  });

  useEffect(() => {
    if (!sent) return undefined;
    const timer = setTimeout(() => {
      onClose();
      onSent?.();
      notifySuccess('Offer sent!', 'The seller will be notified.');
    }, CLOSE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [sent, onClose, onSent]);

  async function send(values: OfferValues) {
    const cents = toCents(values.offerPrice) ?? 0;
    try {
      return await offer.mutateAsync({
        productId: product.id,
        offerPrice: centsToAmount(cents),
        message: values.message.trim() || undefined,
      });
    } catch (failure) {
      const known = isApiError(failure, 400) || isApiError(failure, 409) || isApiError(failure, 403);
      notifyError(known ? errorMessage(failure, FAILED) : FAILED);
      throw failure;
    }
  }

  if (sent) return <OfferSent />;
  return (
    <form
      onSubmit={submitWith(form, send, { fallback: FAILED, quiet: true, onSuccess: () => setSent(true) })}
      noValidate
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {product.title} is listed at {formatMoney(product.price)}. Offers start at{' '}
          {formatMoney(minimumOfferCents(toCents(product.price) ?? 0) / 100)}.
        </Text>
        <TextInput
          label="Your offer"
          leftSection="$"
          inputMode="decimal"
          data-autofocus
          {...form.getInputProps('offerPrice')}
          onChange={(event) => form.setFieldValue('offerPrice', amountInput(event.currentTarget.value))}
        />
        <Textarea
          label="Message (optional)"
          placeholder="Add a note for the seller"
          rows={3}
          resize="vertical"
          maxLength={500}
          {...form.getInputProps('message')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            Send Offer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The two seconds between sending and closing: the form (and its Send Offer, which had the
 *  focus) is gone, so this takes the focus and a screen reader says the offer went. */
function OfferSent() {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <Stack ref={box} tabIndex={-1} align="center" gap="sm" py="md" role="status" style={{ outline: 'none' }}>
      <ThemeIcon size={56} radius="xl" color="green" aria-hidden>
        <IconCheck size={32} />
      </ThemeIcon>
      <Text fw={600}>Offer sent!</Text>
      <Text size="sm" c="dimmed">
        The seller will be notified.
      </Text>
    </Stack>
  );
}
