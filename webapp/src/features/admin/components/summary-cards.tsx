import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDeskSummary } from '../desk';

/** One figure of the admin's desk, sales and analytics: its label, its value, and what
 *  explains it (`children`: a hint, a bar). */
export function Figure({
  label,
  value,
  children,
}: {
  label: string;
  value: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {/* A div: while loading the value is a Skeleton (a div), which a <p> may not hold. */}
      <Text component="div" fz={28} fw={700} lh={1.2}>
        {value}
      </Text>
      {children}
    </Card>
  );
}

/** Spec §2: Total Orders, Pending Payments, To Be Shipped, Completed (counted by the server). */
export function SummaryCards() {
  const summary = useDeskSummary();
  if (summary.isError) {
    return (
      <Text c="red" size="sm" role="alert">
        Order figures are unavailable right now.
      </Text>
    );
  }
  const data = summary.data;
  const show = (value: number | undefined) => (value === undefined ? <Skeleton h={34} w={60} /> : value);
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
      <Figure label="Total Orders" value={show(data?.totalOrders)} />
      <Figure label="Pending Payments" value={show(data?.pendingPayments)} />
      <Figure label="To Be Shipped" value={show(data?.toBeShipped)} />
      <Figure label="Completed" value={show(data?.completed)} />
    </SimpleGrid>
  );
}
