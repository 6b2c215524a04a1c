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

/** The Order Confirmed screen: how to pay, in the server's own steps (the ones the buyer's
 * "order placed" email carries: amount, account, the order number as the reference, the
 * deadline). Place Order leads here, and its heading takes the focus as every page's does
 * (app/layout/page-change-focus.tsx), so a screen reader says that the order went through. */
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
        <Text>
          Total to pay: <strong>{formatMoney(order.total)}</strong>
        </Text>
        <Alert title="Payment instructions" color="blue" ta="left" w="100%">
          <List type="ordered" spacing="xs" size="sm">
            {(order.paymentInstructions ?? []).map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
        </Alert>
        <OrderConfirmedLinks />
      </Stack>
    </Card>
  );
}
