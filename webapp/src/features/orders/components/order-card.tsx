import { Anchor, Card, Divider, Group, Image, Rating, Stack, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import { ItemLabelProvider } from '@/components/item-label';
import { NewTabLink } from '@/components/new-tab-link';
import {
  deadlineSentence,
  nextStepSentence,
  payoutSentence,
  type OrderRole,
} from '@/entities/order/order-guidance';
import { OrderStatusBadge } from '@/entities/order/order-status-badge';
import { Link } from 'react-router-dom';
import { sizePhrase } from '@/entities/product/catalog-enums';
import { formatDate, formatMoney } from '@/lib/formatters';
import { notifySuccess } from '@/lib/notify';
import { useCardFocus } from '@/lib/use-card-focus';
import { useWriteReview, type Order, type OrderParty, type OrderStatus } from '../api';
import { OrderActions } from './order-actions';
import { DisputePanel } from '@/entities/disputes/components/dispute-panel';
import { OrderTimeline } from './order-timeline';
import { ReviewForm } from './review-form';
import { ShippingAddressPanel } from './shipping-address-panel';
import classes from './order-card.module.css';

const PAID = new Set<OrderStatus>(['payment_confirmed', 'shipped', 'delivered', 'completed']);

function Party({ label, party }: { label: string; party: OrderParty | null }) {
  if (!party) return null;
  return (
    <Text size="sm">
      {label}:{' '}
      <Anchor component={Link} to={`/profile/${party.id}`}>
        {party.displayName}
      </Anchor>{' '}
      <Text span c="dimmed">
        (@{party.username})
      </Text>{' '}
      · <Anchor href={`mailto:${party.email}`}>{party.email}</Anchor>
    </Text>
  );
}

/** " · Size M", " · Size US 9", " · One size"; nothing for a size the catalog does not name. */
function sizePart(item: { size: string; category: string; title: string }): string {
  const phrase = item.size ? sizePhrase(item) : '';
  return phrase ? ` · ${phrase}` : '';
}

/** A bundle's items, each with its price before the discount. */
export function BundleItems({ order }: { order: Order }) {
  return (
    <Stack
      gap={6}
      component="ul"
      aria-label={`Items in order ${order.orderNumber}`}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {order.items.map((item) => (
        <Group key={item.id} component="li" gap="sm" wrap="nowrap" justify="space-between">
          <Group gap="sm" wrap="nowrap">
            {item.image && (
              // Fixed size: a title that wraps must not squeeze the photo narrower than its row-mates.
              <Image
                src={item.image}
                alt={item.title}
                w={40}
                h={40}
                radius="sm"
                fit="cover"
                style={{ flexShrink: 0 }}
              />
            )}
            <div style={{ minWidth: 0 }}>
              <Anchor component={Link} to={`/product/${item.id}`} size="sm">
                {item.title}
              </Anchor>
              <Text size="xs" c="dimmed">
                {item.brand}
                {sizePart(item)}
              </Text>
            </div>
          </Group>
          <Text size="sm">{formatMoney(item.price)}</Text>
        </Group>
      ))}
    </Stack>
  );
}

/** A bundle's heading: how many items, and from (or for) whom. */
function bundleHeading(order: Order, role: 'buyer' | 'seller'): string {
  const other = role === 'buyer' ? order.seller : order.buyer;
  const whom = other ? ` ${role === 'buyer' ? 'from' : 'for'} @${other.username}` : '';
  return `Bundle of ${order.itemCount} items${whom}`;
}

/** What the card's buttons act on, in their accessible names ("Mark as Shipped, Wool coat
 *  (order 42-K3Z0QF)"): the title the card shows, and the order number, which is unique. */
function orderItem(order: Order, role: OrderRole): string {
  const number = `order ${order.orderNumber}`;
  if ((order.itemCount ?? 1) > 1) return `${bundleHeading(order, role)} (${number})`;
  return order.product ? `${order.product.title} (${number})` : number;
}

/** The money as a sum that adds up on screen: items (less a bundle discount) + service fee +
 *  shipping = total, all as the server computed them (a bundle's subtotal is its price when
 *  there is no discount). One part a line on a phone. */
function moneyParts(order: Order, bundle: boolean): ReactNode[] {
  const items = bundle
    ? [`${formatMoney(order.subtotal)} items`].concat(
        Number(order.discount) > 0 ? [`− ${formatMoney(order.discount)} bundle discount`] : [],
      )
    : [`${formatMoney(order.price)} item`];
  return [
    ...items,
    `+ ${formatMoney(order.serviceFee)} service fee`,
    `+ ${formatMoney(order.shipping)} shipping`,
    <>
      = <strong>{formatMoney(order.total)}</strong> total
    </>,
  ];
}

/** The deadline, what happens next and, to the seller, the payout: the server's facts in
 *  each side's words (entities/order/order-guidance.ts). */
function Guidance({ order, role }: { order: Order; role: OrderRole }) {
  const deadline = deadlineSentence(order, role);
  const next = nextStepSentence(order, role);
  if (!deadline && !next) return null;
  return (
    <Stack gap={4}>
      {deadline && (
        <Group gap={6} wrap="nowrap" align="flex-start" data-testid="order-deadline">
          <IconClock size={18} aria-hidden style={{ flexShrink: 0, marginTop: 1 }} />
          <Text size="sm" fw={500}>
            {deadline}
          </Text>
        </Group>
      )}
      {next && (
        <Text size="sm" c="dimmed" data-testid="order-next-step">
          {next}
        </Text>
      )}
    </Stack>
  );
}

/** One order as its buyer or seller sees it: item, money, people, tracking, timeline, actions.
 *  The card keeps the focus when a move removes the button that had it (Mark as Delivered,
 *  Confirm Receipt's dialog), so the keyboard stays on this order. */
export function OrderCard({ order, role }: { order: Order; role: OrderRole }) {
  const card = useCardFocus<HTMLElement>(order.status);
  const review = useWriteReview();
  const other = role === 'buyer' ? order.seller : order.buyer;
  const image = order.product?.images[0];
  const bundle = (order.itemCount ?? 1) > 1;
  const payout = role === 'seller' ? payoutSentence(order) : null;
  return (
    <Card
      ref={card}
      tabIndex={-1}
      className="mantine-focus-auto"
      component="article"
      aria-label={`Order ${order.orderNumber}`}
      withBorder
      radius="md"
      padding="md"
      data-testid={`order-${order.orderNumber}`}
    >
      <ItemLabelProvider item={orderItem(order, role)}>
        <Stack gap="sm">
          <div className={classes.head} data-with-photo={image ? '' : undefined}>
            {image && (
              <Image
                src={image}
                alt={order.product?.title ?? 'Ordered item'}
                w={72}
                h={72}
                radius="sm"
                fit="cover"
                className={classes.photo}
              />
            )}
            <div className={classes.summary}>
              {bundle ? (
                <Text fw={600}>{bundleHeading(order, role)}</Text>
              ) : order.product ? (
                <Anchor component={Link} to={`/product/${order.product.id}`} fw={600}>
                  {order.product.title}
                </Anchor>
              ) : (
                <Text fw={600}>Item no longer listed</Text>
              )}
              <Text size="xs" c="dimmed">
                Order <span style={{ whiteSpace: 'nowrap' }}>{order.orderNumber}</span> ·{' '}
                {formatDate(order.createdAt)}
                {order.product && !bundle ? ` · ${order.product.brand}${sizePart(order.product)}` : ''}
              </Text>
            </div>
            <div className={classes.status}>
              <OrderStatusBadge order={order} />
            </div>
            <div className={classes.bill}>
              <Text size="sm" data-testid="order-money">
                {moneyParts(order, bundle).map((part, index) => (
                  <Fragment key={index}>
                    {index > 0 && ' '}
                    <span className={classes.billPart}>{part}</span>
                  </Fragment>
                ))}
              </Text>
              {payout && (
                <Text size="sm" mt={4} data-testid="order-payout">
                  {payout}
                </Text>
              )}
            </div>
          </div>
          {bundle && <BundleItems order={order} />}
          {role === 'buyer' ? (
            <Party label="Seller" party={order.seller} />
          ) : (
            <Party label="Buyer" party={order.buyer} />
          )}
          {role === 'buyer' && (order.status === 'pending' || order.status === 'confirmed') && (
            <Text size="sm" c="dimmed">
              Awaiting payment: send {formatMoney(order.total)} with your peer-to-peer app using reference{' '}
              <strong>{order.paymentReference}</strong>.
            </Text>
          )}
          <Guidance order={order} role={role} />
          {order.trackingNumber && (
            <Text size="sm">
              Tracking:{' '}
              {order.trackingUrl ? (
                <Anchor component={NewTabLink} href={order.trackingUrl}>
                  {order.trackingNumber}
                </Anchor>
              ) : (
                <strong>{order.trackingNumber}</strong>
              )}
            </Text>
          )}
          {role === 'seller' && order.shippingAddress && (
            <ShippingAddressPanel orderId={order.id} address={order.shippingAddress} />
          )}
          {role === 'seller' && PAID.has(order.status) && !order.shippingAddress && (
            <Text size="sm" c="dimmed">
              The buyer has not added a shipping address yet.
            </Text>
          )}
          <OrderActions order={order} role={role} />
          <DisputePanel order={order} role={role} />
          {order.reviews.length > 0 && (
            <Stack gap={4}>
              {order.reviews.map((item) => (
                <Group key={item.id} gap="xs">
                  <Rating value={item.rating} readOnly size="md" aria-label={`${item.rating} stars`} />
                  <Text size="sm">{item.comment || 'No comment'}</Text>
                  <Text size="xs" c="dimmed">
                    {item.reviewerId === other?.id ? `by ${other.displayName}` : 'your review'}
                    {item.published ? '' : ' · hidden until both have reviewed'}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
          {order.canReview && other && (
            <ReviewForm
              who={other.displayName}
              onSubmit={(value) => review.mutateAsync({ orderId: order.id, value })}
              onDone={() => notifySuccess('Review submitted', 'Thank you for your feedback.')}
            />
          )}
          <Divider />
          <OrderTimeline events={order.events} />
        </Stack>
      </ItemLabelProvider>
    </Card>
  );
}
