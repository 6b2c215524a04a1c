import { SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { formatMoney } from '@/lib/formatters';
import { useDeskSummary } from '../desk';
import { DeskOrders } from './desk-orders';
import { Figure } from './summary-cards';

/** Spec §9: orders shipped, delivered or completed; revenue, count, average order value. */
export function SalesRecords() {
  const summary = useDeskSummary();
  const sales = summary.data?.sales;
  const show = (value: string | number | undefined) =>
    value === undefined ? <Skeleton h={34} w={80} /> : value;
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        Orders that are shipped, delivered or completed. Revenue is the sum of item prices.
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Figure label="Sales" value={show(sales?.count)} />
        <Figure label="Revenue" value={show(sales && formatMoney(sales.revenue))} />
        <Figure label="Average order value" value={show(sales && formatMoney(sales.averageOrderValue))} />
      </SimpleGrid>
      <DeskOrders filter="sales" label="Sales records" empty="No sales yet" />
    </Stack>
  );
}
