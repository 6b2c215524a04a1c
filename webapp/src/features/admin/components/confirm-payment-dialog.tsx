import { Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/formatters';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useConfirmPayment, type Order } from '@/entities/order/order';
import { PaymentToMatch } from '@/entities/order/payment-to-match';
import { adminKeys } from '../api';

interface ConfirmPaymentDialogProps {
  order: Order | null;
  onClose: () => void;
  /** Called once the payment is confirmed, before onClose (the row's button then goes). */
  onConfirmed?: (order: Order) => void;
}

/** Confirm Payment from the desk's list: the reference to look for, then Cancel or Confirm. */
export function ConfirmPaymentDialog({ order, onClose, onConfirmed }: ConfirmPaymentDialogProps) {
  const confirm = useConfirmPayment();
  const client = useQueryClient();
  const submit = () => {
    if (!order) return;
    confirm.mutate(
      { orderId: order.id, value: null },
      {
        onSuccess: () => {
          notifySuccess('Payment confirmed', 'The seller has been notified to ship the item');
          onConfirmed?.(order);
          onClose();
        },
        onError: (error) =>
          notifyError(
            errorMessage(error, 'Could not confirm payment. Please try again.'),
            'Error confirming payment',
          ),
        onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
      },
    );
  };
  return (
    <ConfirmDialog
      opened={order !== null}
      onCancel={onClose}
      title="Confirm payment"
      confirmLabel="Confirm Payment"
      focusCancel
      pending={confirm.isPending}
      onConfirm={submit}
      gap="sm"
    >
      {order && (
        <>
          <PaymentToMatch order={order} />
          <Text>
            Amount: <strong>{formatMoney(order.total)}</strong> from {order.buyer?.displayName ?? 'the buyer'}
          </Text>
          <Text size="sm" c="dimmed">
            Confirm only once the payment has arrived. The seller is then asked to ship.
          </Text>
        </>
      )}
    </ConfirmDialog>
  );
}
