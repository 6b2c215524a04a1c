import { Divider, Group, Stack, Text } from '@mantine/core';
import { formatMoney } from '@/lib/formatters';

interface Totals {
  price: string;
  serviceFee: string;
  shipping: string;
  total: string;
}

/** Item + 5% service fee + $5.00 shipping, as the server computed them. */
export function OrderTotals({ totals }: { totals: Totals }) {
  const line = (label: string, value: string) => (
    <Group justify="space-between">
      <Text size="sm">{label}</Text>
      <Text size="sm">{formatMoney(value)}</Text>
    </Group>
  );
  return (
    <Stack gap={4} aria-label="Order total">
      {line('Item price', totals.price)}
      {line('Service fee (5%)', totals.serviceFee)}
      {line('Shipping', totals.shipping)}
      <Divider my={4} />
      <Group justify="space-between">
        <Text fw={700}>Total</Text>
        <Text fw={700} data-testid="order-total">{formatMoney(totals.total)}</Text>
      </Group>
    </Stack>
  );
}
