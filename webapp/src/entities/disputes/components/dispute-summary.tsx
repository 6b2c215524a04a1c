import { Anchor, Group, Image, Stack, Text } from '@mantine/core';
import { formatDate, formatMoney } from '@/lib/formatters';
import type { Dispute } from '../api';

/** What a dispute is about, as the desk's card opens: the item (a bundle: the first and how
 *  many more) with its photo, what the buyer paid, the order, both dates told apart, and
 *  the two parties. */
export function DisputeSummary({ dispute }: { dispute: Dispute }) {
  const [first, ...more] = dispute.items;
  const what = first ? `${first.title}${more.length ? ` and ${more.length} more` : ''}` : 'Order';
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      {first?.image && <Image src={first.image} alt="" w={56} h={56} radius="sm" fit="cover" />}
      <Stack gap={2} miw={0}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {first ? <Anchor href={`/product/${first.id}`}>{what}</Anchor> : what} ·{' '}
          {formatMoney(dispute.orderTotal)}
        </Text>
        <Text size="sm" c="dimmed">
          Order {dispute.orderNumber} · Opened {formatDate(dispute.createdAt)} · Order placed{' '}
          {formatDate(dispute.orderPlacedAt)}
        </Text>
        <Text size="sm" c="dimmed">
          Buyer <Anchor href={`/profile/${dispute.buyer?.id}`}>@{dispute.buyer?.username}</Anchor>, seller{' '}
          <Anchor href={`/profile/${dispute.seller?.id}`}>@{dispute.seller?.username}</Anchor>
        </Text>
      </Stack>
    </Group>
  );
}
