import { Anchor, Button, Card, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { ItemLabelProvider, useItemLabel } from '@/components/item-label';
import { Pager } from '@/components/pager';
import { PageLoader } from '@/components/page-loader';
import { LoadFailed } from '@/components/load-failed';
import { errorMessage } from '@/lib/api-client';
import { formatCountOf, formatDate, formatDateTime, formatMoney } from '@/lib/formatters';
import { useCursorPages } from '@/lib/use-cursor-pages';
import { orderTitle, type Order, type OrderParty, type OrderStatus } from '@/entities/order/order';
import { OrderStatusBadge } from '@/entities/order/order-status-badge';
import { useDeskOrders, type DeskFilter } from '../desk';
import { AddressDialog } from './address-dialog';
import { ConfirmPaymentDialog } from './confirm-payment-dialog';

/** The address can change until the order ships (docs/orders.md). */
const ADDRESS_LOCKED = new Set<OrderStatus>(['shipped', 'delivered', 'completed', 'cancelled']);

interface DeskOrdersProps {
  filter: DeskFilter;
  /** The table's accessible name, e.g. 'Pending payments'. */
  label: string;
  empty: string;
}

interface PersonProps {
  party: OrderParty | null;
  nowrap?: boolean;
  /** Shown above the person on phone cards, where there is no table header. */
  label?: string;
}

function Person({ party, nowrap = false, label }: PersonProps) {
  const caption = label && (
    <Text size="xs" c="dimmed">
      {label}
    </Text>
  );
  if (!party) {
    return (
      <div>
        {caption}
        <Text size="sm">—</Text>
      </div>
    );
  }
  return (
    <div>
      {caption}
      <Text size="sm">{party.displayName}</Text>
      <Anchor
        size="xs"
        href={`mailto:${party.email}`}
        style={nowrap ? { whiteSpace: 'nowrap' } : { overflowWrap: 'anywhere' }}
      >
        {party.email}
      </Anchor>
    </div>
  );
}

function AddressSummary({ order }: { order: Order }) {
  const address = order.shippingAddress;
  if (!address)
    return (
      <Text size="sm" c="dimmed">
        No address yet
      </Text>
    );
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
      {`${address.fullName}\n${address.city}, ${address.state} ${address.zipCode}`}
    </Text>
  );
}

interface Actions {
  onConfirm: (order: Order) => void;
  onAddress: (order: Order) => void;
}

/** What the items come to, beside the amount to pay: "item $80.00" for one item, or
 *  "3 items $68.40 after $7.60 bundle discount" for a bundle (`price` is the items after the
 *  bundle discount, `subtotal - discount`; entrypoints/http/schemas/orders.py). */
export function itemsNote(order: Pick<Order, 'price' | 'itemCount' | 'discount'>): string {
  const count = order.itemCount ?? 1;
  const discount = Number(order.discount);
  if (count <= 1 && !(discount > 0)) return `item ${formatMoney(order.price)}`;
  const items = `${formatCountOf(count, 'item')} ${formatMoney(order.price)}`;
  return discount > 0 ? `${items} after ${formatMoney(discount)} bundle discount` : items;
}

const canConfirm = (order: Order) => order.allowedTransitions.includes('payment_confirmed');
const canAddress = (order: Order) => !ADDRESS_LOCKED.has(order.status);
const hasActions = (order: Order) => canConfirm(order) || canAddress(order);

/** What a row's buttons act on, as order cards name it ("Confirm Payment, Wool coat (order
 *  42-ABC123)"): every row has the same buttons, and a screen reader's list of controls shows
 *  only their names. */
export function deskItem(order: Order): string {
  const number = `order ${order.orderNumber}`;
  const title = orderTitle(order);
  return title === '—' ? number : `${title} (${number})`;
}

function ActionButtons({ order, onConfirm, onAddress }: { order: Order } & Actions) {
  const itemLabel = useItemLabel();
  const address = order.shippingAddress ? 'Edit address' : 'Add address';
  return (
    <Group gap={6} wrap="nowrap">
      {canConfirm(order) && (
        <Button size="xs" onClick={() => onConfirm(order)} aria-label={itemLabel('Confirm Payment')}>
          Confirm Payment
        </Button>
      )}
      {canAddress(order) && (
        <Button size="xs" variant="default" onClick={() => onAddress(order)} aria-label={itemLabel(address)}>
          {address}
        </Button>
      )}
    </Group>
  );
}

function OrderActions(props: { order: Order } & Actions) {
  if (!hasActions(props.order)) return null;
  return (
    <ItemLabelProvider item={deskItem(props.order)}>
      <ActionButtons {...props} />
    </ItemLabelProvider>
  );
}

/** The one deadline the order waits for, as the server names it ("Payment due", "Shipping
 * due", "Completes automatically"), in the administrator's time zone; nothing when none. */
function DeadlineNote({ order }: { order: Order }) {
  if (!order.deadline) return null;
  return (
    <Text size="xs" c="dimmed" mt={4}>
      {order.deadline.label}: {formatDateTime(order.deadline.at)}
    </Text>
  );
}

function OrdersTable({ orders, label, ...actions }: { orders: Order[]; label: string } & Actions) {
  // Shipped and later orders have nothing to act on (Sales Records): no empty Actions column.
  const withActions = orders.some(hasActions);
  return (
    <Table.ScrollContainer minWidth={1100}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={label} tabIndex={-1} data-order-list>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Order</Table.Th>
            <Table.Th>Product</Table.Th>
            <Table.Th>Amount to pay</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Buyer</Table.Th>
            <Table.Th>Seller</Table.Th>
            <Table.Th>Shipping address</Table.Th>
            {withActions && <Table.Th>Actions</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => (
            <Table.Tr key={order.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm" ff="monospace" tabIndex={-1} data-order-heading={order.id}>
                  {order.orderNumber}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDate(order.createdAt)}
                </Text>
              </Table.Td>
              <Table.Td maw={240}>
                <Text size="sm" lineClamp={2}>
                  {orderTitle(order)}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm" fw={600}>
                  {formatMoney(order.total)}
                </Text>
                <Text size="xs" c="dimmed">
                  {itemsNote(order)}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <OrderStatusBadge order={order} />
                <DeadlineNote order={order} />
              </Table.Td>
              <Table.Td>
                <Person party={order.buyer} nowrap />
              </Table.Td>
              <Table.Td>
                <Person party={order.seller} nowrap />
              </Table.Td>
              <Table.Td>
                <AddressSummary order={order} />
              </Table.Td>
              {withActions && (
                <Table.Td>
                  <OrderActions order={order} {...actions} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function OrderCards({ orders, label, ...actions }: { orders: Order[]; label: string } & Actions) {
  return (
    <Stack gap="sm" role="list" aria-label={label} tabIndex={-1} data-order-list>
      {orders.map((order) => (
        <Card key={order.id} withBorder radius="md" padding="sm" role="listitem">
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Text size="sm" ff="monospace" tabIndex={-1} data-order-heading={order.id}>
                  {order.orderNumber}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDate(order.createdAt)} · to pay {formatMoney(order.total)} ({itemsNote(order)})
                </Text>
              </div>
              <OrderStatusBadge order={order} />
            </Group>
            <Text size="sm" fw={500} lineClamp={1}>
              {orderTitle(order)}
            </Text>
            <DeadlineNote order={order} />
            <Group grow align="flex-start">
              <Person label="Buyer" party={order.buyer} />
              <Person label="Seller" party={order.seller} />
            </Group>
            <AddressSummary order={order} />
            <OrderActions order={order} {...actions} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/** A searchable, paged list of orders for the desk's tabs (10 a page, never endless). */
export function DeskOrders({ filter, label, empty }: DeskOrdersProps) {
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  const pages = useCursorPages(`${filter}|${query}`);
  const list = useDeskOrders(filter, query, pages.cursor);
  const phone = useMediaQuery('(max-width: 48em)');
  const [confirming, setConfirming] = useState<Order | null>(null);
  const [addressing, setAddressing] = useState<Order | null>(null);
  const orders = list.data?.items ?? [];
  const actions = { onConfirm: setConfirming, onAddress: setAddressing };
  const results = useRef<HTMLDivElement>(null);
  const searchField = useRef<HTMLInputElement>(null);
  // A confirmed payment's button goes (and on Pending payments its row): once the list has
  // reloaded, focus moves to the order's number, or the list, or the search field when the
  // list is empty, rather than to <body>.
  const confirmed = useRef<{ id: number; at: number } | null>(null);
  useEffect(() => {
    const done = confirmed.current;
    if (!done || list.isFetching || list.dataUpdatedAt < done.at) return;
    confirmed.current = null;
    const within = results.current;
    const target =
      within?.querySelector<HTMLElement>(`[data-order-heading="${done.id}"]`) ??
      within?.querySelector<HTMLElement>('[data-order-list]') ??
      searchField.current;
    target?.focus();
  }, [list.isFetching, list.dataUpdatedAt]);

  return (
    <Stack gap="md" ref={results}>
      <TextInput
        ref={searchField}
        label="Search orders"
        placeholder="Order number, buyer or seller"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
      />
      {list.isPending && <PageLoader inline label="Loading orders" />}
      {list.isError && (
        <LoadFailed
          title="Failed to load orders"
          description={errorMessage(list.error, list.error.message)}
          onRetry={() => void list.refetch()}
        />
      )}
      {list.isSuccess && orders.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          {query ? `No orders match “${query}”` : empty}
        </Text>
      )}
      {orders.length > 0 &&
        (phone ? (
          <OrderCards orders={orders} label={label} {...actions} />
        ) : (
          <OrdersTable orders={orders} label={label} {...actions} />
        ))}
      <Pager
        page={pages.page}
        nextCursor={list.data?.nextCursor}
        onNext={pages.next}
        onPrevious={pages.previous}
        loading={list.isFetching}
        label={`${label} pages`}
      />
      <ConfirmPaymentDialog
        order={confirming}
        onClose={() => setConfirming(null)}
        onConfirmed={(order) => {
          confirmed.current = { id: order.id, at: Date.now() };
        }}
      />
      <AddressDialog order={addressing} onClose={() => setAddressing(null)} />
    </Stack>
  );
}
