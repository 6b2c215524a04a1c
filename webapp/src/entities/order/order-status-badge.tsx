import { Badge } from '@mantine/core';
import type { Order, OrderStatus } from './order';

const STATUS_COLORS: Record<OrderStatus, string> = {
  pending: 'yellow',
  confirmed: 'blue',
  payment_confirmed: 'indigo',
  shipped: 'cyan',
  delivered: 'teal',
  completed: 'green',
  cancelled: 'gray',
  disputed: 'orange',
  refunded: 'grape',
};

/** The order's status as a coloured badge (the orders page and the admin desk). */
export function OrderStatusBadge({ order }: { order: Pick<Order, 'status' | 'statusLabel'> }) {
  return (
    <Badge
      color={STATUS_COLORS[order.status]}
      variant="light"
      style={{ flexShrink: 0, maxWidth: 'none' }}
      styles={{ label: { overflow: 'visible', textOverflow: 'clip' } }}
    >
      {order.statusLabel}
    </Badge>
  );
}
