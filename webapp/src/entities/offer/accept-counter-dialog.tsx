import { Text } from '@mantine/core';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { formatMoney } from '@/lib/formatters';
import type { Offer } from './offer';

interface AcceptCounterDialogProps {
  offer: Offer | null;
  loading: boolean;
  onClose: () => void;
  onConfirm: (offer: Offer) => void;
}

/** Accept Counter asks first: the buyer agrees to buy at the counter price. */
export function AcceptCounterDialog({ offer, loading, onClose, onConfirm }: AcceptCounterDialogProps) {
  return (
    <ConfirmDialog
      opened={offer !== null}
      onCancel={onClose}
      title={offer?.fromSeller ? 'Accept the seller’s offer?' : 'Accept counter offer?'}
      confirmLabel={offer?.fromSeller ? 'Accept Offer' : 'Accept Counter'}
      confirmColor="green"
      pending={loading}
      onConfirm={() => offer && onConfirm(offer)}
    >
      {offer && (
        <Text size="sm">
          You agree to buy <strong>{offer.product.title}</strong> for{' '}
          <strong>{formatMoney(offer.counterPrice ?? offer.offerPrice)}</strong>. You can then pay at that
          price.
        </Text>
      )}
    </ConfirmDialog>
  );
}
