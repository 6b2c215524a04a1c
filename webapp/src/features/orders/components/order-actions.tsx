import { Button, Group, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useItemLabel } from '@/components/item-label';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { POLICY } from '@/lib/policy';
import { useChangeStatus, type Order, type OrderStatus, type StatusChange } from '../api';
import { TrackingForm } from './tracking-form';

type Role = 'buyer' | 'seller';

const LABELS: Record<Role, Partial<Record<OrderStatus, string>>> = {
  seller: {
    confirmed: 'Confirm Order',
    shipped: 'Mark as Shipped',
    delivered: 'Mark as Delivered',
    cancelled: 'Cancel Order',
  },
  buyer: { cancelled: 'Cancel Order', completed: 'Confirm Receipt' },
};

/** The moves the server allows this viewer, as buttons (spec §4 Order). */
export function OrderActions({ order, role }: { order: Order; role: Role }) {
  const change = useChangeStatus();
  const itemLabel = useItemLabel();
  const [tracking, setTracking] = useState(false);
  // Confirm Receipt ends buyer protection and pays the seller: ask first, say so.
  const [confirmingReceipt, setConfirmingReceipt] = useState(false);
  const moves = order.allowedTransitions.filter((status) => LABELS[role][status]);
  // Cancel on the tracking form gives focus back to the Mark as Shipped button it replaced.
  const shipButton = useRef<HTMLButtonElement>(null);
  const backToShip = useRef(false);
  useEffect(() => {
    if (tracking || !backToShip.current) return;
    backToShip.current = false;
    shipButton.current?.focus();
  }, [tracking]);

  const send = (value: StatusChange) =>
    change.mutate(
      { orderId: order.id, value },
      {
        onSuccess: () => {
          setTracking(false);
          setConfirmingReceipt(false);
          // The seller's moves keep the spec's 'Status updated'; the buyer's receipt says
          // what it did and what comes next.
          if (value.status === 'completed') {
            notifySuccess(
              'Receipt confirmed',
              `Order ${order.orderNumber} is complete and the payment is released to the seller. You can now leave a review.`,
            );
          } else notifySuccess('Status updated');
        },
        onError: (error) => notifyError(errorMessage(error, 'Failed to update order status.')),
      },
    );

  if (tracking) {
    return (
      <TrackingForm
        onCancel={() => {
          backToShip.current = true;
          setTracking(false);
        }}
        onSubmit={async ({ trackingNumber, trackingUrl }) => {
          await change.mutateAsync({
            orderId: order.id,
            value: {
              status: 'shipped',
              trackingNumber: trackingNumber.trim(),
              trackingUrl: trackingUrl.trim() || undefined,
            },
          });
          setTracking(false);
          notifySuccess('Status updated');
        }}
      />
    );
  }
  if (moves.length === 0) return null;
  return (
    <Group gap="xs">
      {moves.map((status) => (
        <Button
          key={status}
          ref={status === 'shipped' ? shipButton : undefined}
          size="xs"
          loading={change.isPending && change.variables?.value.status === status}
          variant={status === 'cancelled' ? 'default' : 'filled'}
          color={status === 'cancelled' ? 'red' : undefined}
          aria-label={itemLabel(LABELS[role][status] ?? '')}
          onClick={() => {
            if (status === 'shipped') setTracking(true);
            else if (status === 'completed') setConfirmingReceipt(true);
            else send({ status });
          }}
        >
          {LABELS[role][status]}
        </Button>
      ))}
      <ConfirmDialog
        opened={confirmingReceipt}
        onCancel={() => setConfirmingReceipt(false)}
        title="Confirm receipt?"
        cancelLabel="Not yet"
        focusCancel
        confirmLabel="Yes, I received it"
        pending={change.isPending}
        onConfirm={() => send({ status: 'completed' })}
      >
        <Text size="sm">
          Only confirm once the item has arrived and is as described. Confirming completes order{' '}
          {order.orderNumber}: it ends your {POLICY.inspectionWindow} and releases the payment to the seller,
          so you can no longer report a problem with this order.
        </Text>
      </ConfirmDialog>
    </Group>
  );
}
