import { Alert, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { OrderStatusBadge } from '@/entities/order/order-status-badge';
import { NoticePage } from '@/components/notice-page';
import { PageLoader } from '@/components/page-loader';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useOrder } from '../api';
import { OrderConfirmed, OrderConfirmedLinks } from './order-confirmed';

/**
 * /orders/{id}/confirmed: the Order Confirmed screen with its own address, so a reload (or
 * "Ordered — View order" on an offer) shows the same payment instructions. Once the order has
 * moved past waiting for payment, it says where the order is instead.
 */
export default function OrderConfirmedPage() {
  const id = Number(useParams().id);
  const order = useOrder(id);
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
  // Unpaid (placed, or confirmed by the seller): how to pay is still the news.
  if (placed.status === 'pending' || placed.status === 'confirmed') {
    return (
      <Container size="sm" py="xl">
        <OrderConfirmed order={placed} />
      </Container>
    );
  }
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
            {placed.status === 'cancelled'
              ? 'This order was cancelled; nothing is owed.'
              : 'Payment is no longer needed for this order: its status is shown above.'}
          </Alert>
          <OrderConfirmedLinks />
        </Stack>
      </Card>
    </Container>
  );
}
