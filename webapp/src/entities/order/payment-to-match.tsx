import { Code, Text } from '@mantine/core';
import type { Order } from './order';

/** What an administrator looks for among the payments received before confirming one: the
 *  order number and the reference the buyer was asked to send it with. */
export function PaymentToMatch({ order }: { order: Pick<Order, 'orderNumber' | 'paymentReference'> }) {
  return (
    <>
      <Text>
        Order number: <Code fz="md">{order.orderNumber}</Code>
      </Text>
      <Text>
        Expected payment reference: <Code fz="md">{order.paymentReference}</Code>
      </Text>
    </>
  );
}
