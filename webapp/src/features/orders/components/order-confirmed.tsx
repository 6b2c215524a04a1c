import { Alert, Button, Card, Code, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { formatMoney } from '@/lib/formatters';
import { useFocusWhenShown } from '@/lib/use-focus-when-shown';
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
 * deadline). Its heading takes the focus: Place Order is gone and the focus would stay on
 * <body>, so a screen reader would not say that the order went through. */
export function OrderConfirmed({ order }: { order: Order }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const focusWhenShown = useFocusWhenShown();
  useEffect(() => focusWhenShown(() => heading.current), [focusWhenShown]);
  return (
    <Card withBorder padding="xl" radius="md">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={56} radius="xl" color="green" variant="light">
          <IconCircleCheck size={36} />
        </ThemeIcon>
        <Title order={1} ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          Order Confirmed
        </Title>
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
