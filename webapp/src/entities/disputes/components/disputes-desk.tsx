import { Button, Card, Code, Group, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadFailed } from '@/components/load-failed';
import { PageLoader } from '@/components/page-loader';
import { orderKeys, type Order } from '@/entities/order/order';
import { api, errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/formatters';
import { notifyError, notifySuccess } from '@/lib/notify';
import { nextAfterRemoving, useFocusWhenShown } from '@/lib/use-focus-when-shown';
import { useAdminDisputes, useResolveDispute, type Dispute } from '../api';
import { DisputeDetails } from './dispute-panel';
import { DisputeSummary } from './dispute-summary';

type Outcome = 'release' | 'refund';

const OUTCOMES: Record<Outcome, { title: string; action: string; color: string }> = {
  release: { title: 'Release the payment?', action: 'Release payment', color: 'green' },
  refund: { title: 'Refund the buyer?', action: 'Refund buyer', color: 'grape' },
};

/** The order's total, read when the dialog opens (a dispute does not carry it). */
function useDisputedOrder(orderId: number, enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.detail(orderId),
    queryFn: () => api.get(`orders/${orderId}`).json<Order>(),
    enabled,
  });
}

/** The step before a decision that cannot be undone: outcome, order, amount, note; Cancel or go. */
function ResolveDialog({
  dispute,
  outcome,
  note,
  pending,
  resolved,
  onCancel,
  onConfirm,
}: {
  dispute: Dispute;
  outcome: Outcome | null;
  note: string;
  pending: boolean;
  resolved: boolean;
  onCancel: () => void;
  onConfirm: (outcome: Outcome) => void;
}) {
  const order = useDisputedOrder(dispute.orderId, outcome !== null);
  const amount = order.data ? formatMoney(order.data.total) : order.isError ? 'unknown' : '…';
  const buyer = `@${dispute.buyer?.username ?? 'the buyer'}`;
  const seller = `@${dispute.seller?.username ?? 'the seller'}`;
  const shown = outcome && OUTCOMES[outcome];
  return (
    <ConfirmDialog
      opened={outcome !== null}
      onCancel={onCancel}
      title={shown?.title}
      confirmLabel={shown?.action}
      focusCancel
      confirmColor={shown?.color}
      pending={pending}
      onConfirm={() => outcome && onConfirm(outcome)}
      // Resolved, the card leaves the list: the desk moves the focus to the next one.
      returnFocus={!resolved}
      gap="sm"
    >
      {outcome && (
        <>
          <Text>
            Order number: <Code fz="md">{dispute.orderNumber}</Code>
          </Text>
          <Text>
            Amount: <strong data-testid="resolve-amount">{amount}</strong> paid by {buyer}
          </Text>
          <Text>
            {outcome === 'refund'
              ? `The order becomes refunded and the listing stays sold. Return ${amount} to ${buyer} the way it came in.`
              : `The order is completed and the payment goes to the seller, ${seller}.`}
          </Text>
          {note.trim() && (
            <Text size="sm">
              Note to both sides: <em>{note.trim()}</em>
            </Text>
          )}
          <Text size="sm" fw={600}>
            This is final: the dispute cannot be reopened.
          </Text>
        </>
      )}
    </ConfirmDialog>
  );
}

function DisputeCard({ dispute, onResolved }: { dispute: Dispute; onResolved: () => void }) {
  const [note, setNote] = useState('');
  // The outcome waiting for the administrator's confirmation (the dialog is open), if any.
  const [asked, setAsked] = useState<Outcome | null>(null);
  const resolve = useResolveDispute();
  function act(outcome: Outcome) {
    resolve.mutate(
      { id: dispute.id, outcome, note },
      {
        onSuccess: () => {
          setAsked(null);
          onResolved();
          notifySuccess(
            'Dispute resolved',
            outcome === 'refund'
              ? 'The order is refunded. Return the payment the way it came in.'
              : 'The order is completed and the payment released to the seller.',
          );
        },
        onError: (error) => notifyError(errorMessage(error, 'Could not resolve the dispute.')),
      },
    );
  }
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={`Dispute on order ${dispute.orderNumber}`}
      tabIndex={-1}
      data-list-item={dispute.id}
    >
      <Stack gap="sm">
        <DisputeSummary dispute={dispute} />
        <DisputeDetails dispute={dispute} role="admin" />
        {dispute.status === 'open' && (
          <>
            <Textarea
              label="Note to both sides"
              autosize
              minRows={1}
              value={note}
              maxLength={1000}
              onChange={(event) => setNote(event.currentTarget.value)}
            />
            <Group gap="xs">
              <Button color="green" size="xs" onClick={() => setAsked('release')}>
                Release payment
              </Button>
              <Button color="grape" size="xs" onClick={() => setAsked('refund')}>
                Refund buyer
              </Button>
            </Group>
            <ResolveDialog
              dispute={dispute}
              outcome={asked}
              note={note}
              pending={resolve.isPending}
              resolved={resolve.isSuccess}
              onCancel={() => setAsked(null)}
              onConfirm={act}
            />
          </>
        )}
      </Stack>
    </Card>
  );
}

/** /admin?tab=disputes: open disputes to decide, resolved ones with their outcome. A resolved
 *  dispute leaves the open list: the focus moves to the card that took its place (or the one
 *  before it, or the empty list's sentence). */
export function DisputesDesk() {
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const list = useAdminDisputes(status);
  const desk = useRef<HTMLDivElement>(null);
  const empty = useRef<HTMLParagraphElement>(null);
  const focusWhenShown = useFocusWhenShown();
  return (
    <Stack gap="md" ref={desk}>
      <SegmentedControl
        value={status}
        onChange={(v) => setStatus(v as 'open' | 'resolved')}
        data={[
          { value: 'open', label: 'Open' },
          { value: 'resolved', label: 'Resolved' },
        ]}
        aria-label="Dispute status"
        style={{ alignSelf: 'flex-start' }}
      />
      {list.isPending && <PageLoader inline label="Loading disputes" />}
      {list.isError && (
        <LoadFailed
          title="Failed to load disputes"
          description={errorMessage(list.error, list.error.message)}
          onRetry={() => void list.refetch()}
        />
      )}
      {list.isSuccess && list.data.length === 0 && (
        <Text c="dimmed" ta="center" py="xl" ref={empty} tabIndex={-1}>
          {status === 'open' ? 'No open disputes' : 'No resolved disputes yet'}
        </Text>
      )}
      {list.data?.map((dispute) => (
        <DisputeCard
          key={dispute.id}
          dispute={dispute}
          onResolved={() => focusWhenShown(nextAfterRemoving(desk, dispute.id, () => empty.current))}
        />
      ))}
    </Stack>
  );
}
