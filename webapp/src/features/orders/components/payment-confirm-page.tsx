import { Alert, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { AdminOnly } from '@/entities/user/admin-only';
import { orderTitle } from '@/entities/order/order';
import { PaymentToMatch } from '@/entities/order/payment-to-match';
import { NoticePage } from '@/components/notice-page';
import { PageLoader } from '@/components/page-loader';
import { errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/formatters';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useConfirmPayment, useOrder } from '../api';

/** /admin/orders/{orderId}/payment-confirm: check the reference, then Confirm Payment. */
export default function PaymentConfirmPage() {
  return (
    <AdminOnly>
      <ConfirmPayment />
    </AdminOnly>
  );
}

function ConfirmPayment() {
  const orderId = Number(useParams().orderId);
  const order = useOrder(orderId);
  const confirm = useConfirmPayment();
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  if (order.isPending) return <PageLoader label="Loading order" />;
  if (order.isError)
    return (
      <NoticePage title="Order not found" actionLabel="Return to Admin Dashboard" actionTo="/admin">
        This order could not be loaded.
      </NoticePage>
    );
  const data = order.data;
  // Only an order waiting for payment can be confirmed; any other shows where it is.
  const confirmable = data.allowedTransitions.includes('payment_confirmed');
  const submit = () =>
    confirm.mutate(
      { orderId, value: null },
      {
        onSuccess: () => {
          setDone(true);
          notifySuccess('Payment confirmed', 'The seller has been notified to ship the item');
        },
        onError: (error) =>
          notifyError(errorMessage(error, 'Failed to confirm payment'), 'Error confirming payment'),
      },
    );
  return (
    <Container size="sm" py="xl">
      <Card withBorder padding="xl" radius="md">
        <Stack gap="md">
          <Title order={1}>
            {done ? 'Payment Confirmed' : confirmable ? 'Confirm Payment' : `Order ${data.orderNumber}`}
          </Title>
          <PaymentToMatch order={data} />
          <Text>
            Amount: <strong>{formatMoney(data.total)}</strong> · Status: {data.statusLabel}
          </Text>
          {data.product && (
            <Text size="sm" c="dimmed">
              {orderTitle(data)} — buyer {data.buyer?.displayName}, seller {data.seller?.displayName}
            </Text>
          )}
          {!done && !confirmable && (
            <Alert color={data.status === 'cancelled' ? 'gray' : 'green'} title="Nothing to confirm">
              {data.status === 'cancelled'
                ? 'This order was cancelled, so there is no payment to confirm.'
                : `Payment for this order is already confirmed; it is now ${data.statusLabel.toLowerCase()}.`}
            </Alert>
          )}
          {done || !confirmable ? (
            <Button component={Link} to="/admin">
              Return to Admin Dashboard
            </Button>
          ) : (
            <Group>
              <Button variant="default" onClick={() => navigate('/admin')}>
                Cancel
              </Button>
              <Button onClick={submit} loading={confirm.isPending}>
                Confirm Payment
              </Button>
            </Group>
          )}
        </Stack>
      </Card>
    </Container>
  );
}
