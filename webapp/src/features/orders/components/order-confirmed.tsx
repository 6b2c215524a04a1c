import { Alert, Button, Card, Code, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { formatMoney } from '@/lib/formatters';
import type { Order } from '../api';

/** The ways on from /orders/{id}/confirmed, whether the order waits for payment or not. */
export function OrderConfirmedLinks() {
  return (
    <Group justify="center">
      <Button component={Link} to="/" variant="default">
        Continue Shopping
      </Button>
      <Button component={Link} to="/orders">
        View Your Orders
      </Button>
    </Group>
  );
}

/** The Order Confirmed screen: how to pay, with the order number as the reference. */
export function OrderConfirmed({ order }: { order: Order }) {
  return (
    <Card withBorder padding="xl" radius="md">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={56} radius="xl" color="green" variant="light">
          <IconCircleCheck size={36} />
        </ThemeIcon>
        <Title order={1}>Order Confirmed</Title>
        <Text>
          Your order number is <Code fz="md">{order.orderNumber}</Code>
        </Text>
        <Alert title="Payment instructions" color="blue" ta="left" w="100%">
          <List type="ordered" spacing="xs" size="sm">
            <List.Item>Open your peer-to-peer payment app (Venmo, Zelle or Cash App).</List.Item>
            <List.Item>
              Send <strong>{formatMoney(order.total)}</strong> to Rethread&apos;s business account{' '}
              <strong>@rethread-payments</strong>.
            </List.Item>
            <List.Item>
              Use <strong>{order.paymentReference}</strong> as the payment reference so we can match it to
              your order.
            </List.Item>
            <List.Item>
              We confirm your payment and the seller ships within 3 business days. Unpaid orders are cancelled
              after 72 hours.
            </List.Item>
          </List>
        </Alert>
        <OrderConfirmedLinks />
      </Stack>
    </Card>
  );
}
