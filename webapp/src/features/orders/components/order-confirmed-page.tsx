import { Alert, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { orderGuidance, type OrderRole } from '@/entities/order/order-guidance';
import { OrderStatusBadge } from '@/entities/order/order-status-badge';
import { useCurrentUser } from '@/entities/session/session-store';
import { NoticePage } from '@/components/notice-page';
import { PageLoader } from '@/components/page-loader';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useOrder } from '../api';
import { OrderConfirmed, OrderConfirmedLinks } from './order-confirmed';

/**
 * /orders/{id}/confirmed: the Order Confirmed screen with its own address, so a reload (or
 * "Ordered — View order" on an offer) shows the same payment instructions. Once the order has
 * moved past waiting for payment, or to its seller, it says where the order is instead: its
 * deadline, what happens next and, to the seller, the payout.
 */
export default function OrderConfirmedPage() {
  const id = Number(useParams().id);
  const order = useOrder(id);
  const user = useCurrentUser();
  if (order.isPending) return <PageLoader label="Loading your order" />;
  if (order.isError) {
    const missing = isApiError(order.error, 404) || isApiError(order.error, 403);
    return (
      <NoticePage
        title={missing ? 'Order not found' : 'Could not load this order'}
        actionLabel="View Your Orders"
        actionTo="/orders"
      >
        {missing
          ? 'This order does not exist or is not yours.'
          : errorMessage(order.error, 'Please try again.')}
      </NoticePage>
    );
  }
  const placed = order.data;
  const role: OrderRole = user !== null && placed.seller?.id === user.id ? 'seller' : 'buyer';
  // Unpaid (placed, or confirmed by the seller): how to pay is still the buyer's news.
  if (role === 'buyer' && (placed.status === 'pending' || placed.status === 'confirmed')) {
    return (
      <Container size="sm" py="xl">
        <OrderConfirmed order={placed} />
      </Container>
    );
  }
  // Where the order is: its deadline, what happens next and, to the seller, the payout.
  const guidance = orderGuidance(placed, role);
  const lines =
    placed.status === 'cancelled'
      ? ['This order was cancelled; nothing is owed.']
      : role === 'buyer'
        ? ['Payment is no longer needed for this order: its status is shown above.', ...guidance]
        : guidance;
  return (
    <Container size="sm" py="xl">
      <Card withBorder padding="xl" radius="md">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Title order={1} size="h2">
              Order {placed.orderNumber}
            </Title>
            <OrderStatusBadge order={placed} />
          </Group>
          {placed.product && <Text fw={500}>{placed.product.title}</Text>}
          <Alert color={placed.status === 'cancelled' ? 'gray' : 'green'} title={placed.statusLabel}>
            <Stack gap={6}>
              {(lines.length ? lines : ['Its status is shown above.']).map((line) => (
                <Text size="sm" key={line}>
                  {line}
                </Text>
              ))}
            </Stack>
          </Alert>
          <OrderConfirmedLinks />
        </Stack>
      </Card>
    </Container>
  );
}
