import { Anchor, Button, Card, Group, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { PageLoader } from '@/components/page-loader';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/formatters';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useAdminDisputes, useResolveDispute, type Dispute } from '../api';
import { DisputeDetails } from './dispute-panel';

function DisputeCard({ dispute }: { dispute: Dispute }) {
  const [note, setNote] = useState('');
  const resolve = useResolveDispute();
  function act(outcome: 'release' | 'refund') {
    resolve.mutate(
      { id: dispute.id, outcome, note },
      {
        onSuccess: () =>
          notifySuccess(
            'Dispute resolved',
            outcome === 'refund'
              ? 'The order is refunded. Return the payment the way it came in.'
              : 'The order is completed and the payment released to the seller.',
          ),
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
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Order {dispute.orderNumber} · {formatDate(dispute.createdAt)} · buyer{' '}
          <Anchor href={`/profile/${dispute.buyer?.id}`}>@{dispute.buyer?.username}</Anchor>, seller{' '}
          <Anchor href={`/profile/${dispute.seller?.id}`}>@{dispute.seller?.username}</Anchor>
        </Text>
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
              <Button color="green" size="xs" loading={resolve.isPending} onClick={() => act('release')}>
                Release payment
              </Button>
              <Button color="grape" size="xs" loading={resolve.isPending} onClick={() => act('refund')}>
                Refund buyer
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}

/** /admin?tab=disputes: open disputes to decide, resolved ones with their outcome. */
export function DisputesDesk() {
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const list = useAdminDisputes(status);
  return (
    <Stack gap="md">
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
        <Text c="dimmed" ta="center" py="xl">
          {status === 'open' ? 'No open disputes' : 'No resolved disputes yet'}
        </Text>
      )}
      {list.data?.map((dispute) => (
        <DisputeCard key={dispute.id} dispute={dispute} />
      ))}
    </Stack>
  );
}
