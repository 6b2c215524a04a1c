import { Divider, Group, Stack, Text } from '@mantine/core';
import { formatMoney } from '@/lib/formatters';

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

/** Item + 5% service fee + $5.00 shipping, as the server computed them; a bundle shows its
 * items' sum and the bundle discount first. */
export function OrderTotals({ totals }: { totals: Totals }) {
  const line = (label: string, value: string) => (
    <Group justify="space-between">
      <Text size="sm">{label}</Text>
      <Text size="sm">{formatMoney(value)}</Text>
    </Group>
  );
  return (
    <Stack gap={4} aria-label="Order total">
      {(totals.itemCount ?? 1) > 1 && totals.subtotal && line(`Items (${totals.itemCount})`, totals.subtotal)}
      {totals.discount && Number(totals.discount) > 0 && (
        <Group justify="space-between">
          <Text size="sm" c="teal">
            {totals.discountPercent ? `Bundle discount (${totals.discountPercent}%)` : 'Bundle discount'}
          </Text>
          <Text size="sm" c="teal" data-testid="bundle-discount">
            -{formatMoney(totals.discount)}
          </Text>
        </Group>
      )}
      {line((totals.itemCount ?? 1) > 1 ? 'Items after discount' : 'Item price', totals.price)}
      {line('Service fee (5%)', totals.serviceFee)}
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
