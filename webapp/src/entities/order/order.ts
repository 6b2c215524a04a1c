import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DisputeReason } from '@/entities/disputes/api';
import { api } from '@/lib/api-client';

/** Server data of the orders area: orders, saved addresses, reviews (spec §7). */
export type OrderStatus =
  | 'pending'
  | 'confirmed'
  | 'payment_confirmed'
  | 'shipped'
  | 'delivered'
  | 'completed'
  | 'cancelled'
  | 'disputed'
  | 'refunded';

export interface AddressFields {
  fullName: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  phoneNumber: string;
}

export interface Address extends AddressFields {
  /** The joined multi-line text a label prints. */
  raw: string;
}

export interface SavedAddress extends Address {
  id: number;
  isDefault: boolean;
}

export interface OrderParty {
  id: number;
  username: string;
  displayName: string;
  avatarUrl: string | null;
  email: string;
  createdAt: string;
}

export interface OrderEvent {
  kind: 'placed' | 'status' | 'address' | 'dispute';
  status: OrderStatus | null;
  label: string;
  actorId: number | null;
  at: string;
}

export interface Review {
  id: number;
  orderId: number;
  reviewerId: number;
  revieweeId: number;
  rating: number;
  comment: string;
  createdAt: string;
  published: boolean;
}

export interface OrderItem {
  id: number;
  title: string;
  size: string;
  category: string;
  brand: string;
  image: string | null;
  price: string;
}

/** What an order waits for and until when (domain/order_deadlines.py): `pay` (the unpaid
 *  order is cancelled at `at`), `ship` (the seller's promise; nothing happens by itself) or
 *  `complete` (the delivered order completes at `at`, buyer protection ends). */
export interface OrderDeadline {
  kind: 'pay' | 'ship' | 'complete';
  label: string;
  at: string;
  /** Whether the server acts at `at` (cancels, completes). */
  automatic: boolean;
}

export interface Order {
  id: number;
  orderNumber: string;
  paymentReference: string;
  /** How to pay, step by step (the server's `Order.payment_steps`): to the buyer while the
   *  order is unpaid, empty otherwise. (Always sent; optional here so an order made up
   *  without them means none.) */
  paymentInstructions?: string[];
  status: OrderStatus;
  statusLabel: string;
  price: string;
  serviceFee: string;
  shipping: string;
  total: string;
  createdAt: string;
  trackingNumber: string | null;
  trackingUrl: string | null;
  product: {
    id: number;
    title: string;
    images: string[];
    size: string;
    category: string;
    brand: string;
  } | null;
  /** Every item (a bundle has several), each at its price before the bundle discount. */
  items: OrderItem[];
  itemCount: number;
  /** The items' prices before the bundle discount; `price` = subtotal - discount. */
  subtotal: string;
  discount: string;
  buyer: OrderParty | null;
  seller: OrderParty | null;
  shippingAddress: Address | null;
  events: OrderEvent[];
  reviews: Review[];
  allowedTransitions: OrderStatus[];
  canReview: boolean;
  protectionEndsAt: string | null;
  /** The buyer's claim window, judged by the server (domain/disputes.py `claim_window`):
   *  the reasons a dispute may give now (empty for the seller and administrators)...
   *  (Always sent; optional here so an order made up without them means "none".) */
  disputeReasons?: DisputeReason[];
  /** ...when a claim becomes possible by time alone (not received, 7 days after shipping)... */
  disputeOpensAt?: string | null;
  /** ...and, with no reason open now, the server's sentence why. */
  disputeWhyNot?: string | null;
  /** The one deadline the order waits for now (null: none). (Always sent; optional here so
   *  an order made up without it means none.) */
  deadline?: OrderDeadline | null;
  /** What the seller receives after fees (domain/fees.py `seller_net` of `price`): in the
   *  seller's answer only; null for anyone else and once cancelled or refunded. */
  payout?: string | null;
}

export const orderKeys = {
  all: ['orders'] as const,
  list: (asSeller: boolean) => ['orders', 'list', asSeller] as const,
  detail: (id: number) => ['orders', 'detail', id] as const,
  addresses: ['user-addresses'] as const,
};

export interface OrderPage {
  items: Order[];
  nextCursor: string | null;
}

/** A mutation on one order; every order list and detail refetches when it settles. */
export function useOrderMutation<V>(call: (orderId: number, value: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, value }: { orderId: number; value: V }) => call(orderId, value),
    onSettled: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** POST /api/orders/{id}/confirm-payment (administrators; 409 when already confirmed). */
export function useConfirmPayment() {
  return useOrderMutation((orderId, _: null) => api.post(`orders/${orderId}/confirm-payment`).json<Order>());
}

/** POST /api/orders/{id}/shipping-address: an administrator who is not the buyer gets the
 * admin rules on the server (only blanks refused: 'Missing Required Fields: ...'). */
export function useAdminAddress() {
  return useOrderMutation((orderId, address: AddressFields) =>
    api.post(`orders/${orderId}/shipping-address`, { json: address }).json<Order>(),
  );
}

/** What an order holds, in one line: its item's title, or a bundle's titles joined
 * ("Wool coat + Silk scarf (2 items)"), as the admin desk and the CSV export show it. */
export function orderTitle(order: Pick<Order, 'product' | 'items' | 'itemCount'>): string {
  const titles = (order.items ?? []).map((item) => item.title);
  if (titles.length > 1) return `${titles.join(' + ')} (${order.itemCount} items)`;
  return order.product?.title ?? titles[0] ?? '—';
}
