import { Divider, Group, Stack, Text } from '@mantine/core';
import { formatMoney } from '@/lib/formatters';
import { POLICY } from '@/lib/policy';

interface Totals {
  price: string;
  serviceFee: string;
  shipping: string;
  total: string;
  /** A bundle's items before its discount, the discount and its percent. */
  subtotal?: string;
  discount?: string;
  discountPercent?: number;
  itemCount?: number;
}

/** Item + service fee + shipping (POLICY's figures), as the server computed them; a bundle shows its
 * items' sum and the bundle discount first. */
export function OrderTotals({ totals }: { totals: Totals }) {
  const line = (label: string, value: string) => (
    <Group justify="space-between">
      <Text size="sm">{label}</Text>
      <Text size="sm">{formatMoney(value)}</Text>
    </Group>
  );
  const count = totals.itemCount ?? 1;
  const discounted = Boolean(totals.discount && Number(totals.discount) > 0);
  // Several items without a discount are one line, not their sum and an "after discount"
  // line of the same amount.
  const itemsLabel = count > 1 ? (discounted ? 'Items after discount' : `Items (${count})`) : 'Item price';
  return (
    <Stack gap={4} aria-label="Order total">
      {count > 1 && discounted && totals.subtotal && line(`Items (${count})`, totals.subtotal)}
      {discounted && (
        <Group justify="space-between">
          <Text size="sm" c="teal">
            {totals.discountPercent ? `Bundle discount (${totals.discountPercent}%)` : 'Bundle discount'}
          </Text>
          <Text size="sm" c="teal" data-testid="bundle-discount">
            -{formatMoney(totals.discount ?? '0')}
          </Text>
        </Group>
      )}
      {line(itemsLabel, totals.price)}
      {line(`Service fee (${POLICY.serviceFee})`, totals.serviceFee)}
      {line('Shipping', totals.shipping)}
      <Divider my={4} />
      <Group justify="space-between">
        <Text fw={700}>Total</Text>
        <Text fw={700} data-testid="order-total">
          {formatMoney(totals.total)}
        </Text>
      </Group>
    </Stack>
  );
}
