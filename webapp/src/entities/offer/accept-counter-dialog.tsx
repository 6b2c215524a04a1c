import { Button, Group, Modal, Stack, Text } from '@mantine/core';
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
    <Modal
      opened={offer !== null}
      onClose={onClose}
      title={offer?.fromSeller ? 'Accept the seller’s offer?' : 'Accept counter offer?'}
      centered
    >
      {offer && (
        <Stack gap="md">
          <Text size="sm">
            You agree to buy <strong>{offer.product.title}</strong> for{' '}
            <strong>{formatMoney(offer.counterPrice ?? offer.offerPrice)}</strong>. You can then pay at that
            price.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button color="green" loading={loading} onClick={() => onConfirm(offer)}>
              {offer.fromSeller ? 'Accept Offer' : 'Accept Counter'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
