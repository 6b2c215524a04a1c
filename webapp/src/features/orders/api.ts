import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys, type Product } from '@/entities/product/product';
import {
  orderKeys,
  useOrderMutation,
  type AddressFields,
  type Order,
  type OrderPage,
  type OrderStatus,
  type Review,
  type SavedAddress,
} from '@/entities/order/order';

// The order types, keys and the mutations the admin desk shares live in entities/order.
export {
  orderKeys,
  useAdminAddress,
  useConfirmPayment,
  type Address,
  type AddressFields,
  type Order,
  type OrderEvent,
  type OrderPage,
  type OrderParty,
  type OrderStatus,
  type Review,
  type SavedAddress,
} from '@/entities/order/order';

export const ORDERS_PAGE = 10;

/** GET /api/orders (or ?as_seller=true), newest first, a page at a time. */
export function useOrders(asSeller: boolean, enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: orderKeys.list(asSeller),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const searchParams = new URLSearchParams({ limit: String(ORDERS_PAGE) });
      if (asSeller) searchParams.set('as_seller', 'true');
      if (pageParam) searchParams.set('cursor', pageParam);
      return api.get('orders', { searchParams }).json<OrderPage>();
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** How many of the seller's sales are paid and waiting to be shipped (the "Your Sales"
 * badge; a page of at most 50, "50+" past that). */
export function useSalesToShip(enabled: boolean) {
  return useQuery({
    queryKey: [...orderKeys.list(true), 'to-ship'],
    queryFn: async () => {
      const searchParams = { as_seller: 'true', status: 'payment_confirmed', limit: '50' };
      const page = await api.get('orders', { searchParams }).json<OrderPage>();
      return { count: page.items.length, more: page.nextCursor !== null };
    },
    enabled,
  });
}

export function useOrder(id: number) {
  return useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: () => api.get(`orders/${id}`).json<Order>(),
    enabled: Number.isFinite(id),
  });
}

export function useSavedAddresses(enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.addresses,
    queryFn: () => api.get('user-addresses').json<SavedAddress[]>(),
    enabled,
  });
}

/** What to buy: one listing (with this buyer's accepted offer), or a bundle of one
 * seller's listings (docs/selling.md, "Bundles"). */
export interface OrderRequest {
  productId?: number;
  productIds?: number[];
  offerId?: number;
}

/** Outside orderKeys.all (['orders']), which placing an order and the realtime
 *  `order_updated` event refresh: neither says anything new about a price not yet ordered. */
const QUOTE_KEY = ['order-quote'] as const;

/** POST /api/orders: the server decides price and order number; we send only what to buy. */
export function usePlaceOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderRequest) => api.post('orders', { json: body }).json<Order>(),
    onSuccess: (order) => {
      // The quote is still on screen until Order Confirmed opens: asked again for the items
      // just sold it would only get a 409. Marked stale, it is asked afresh on a later visit.
      void client.invalidateQueries({ queryKey: QUOTE_KEY, refetchType: 'none' });
      void client.invalidateQueries({ queryKey: orderKeys.all });
      void client.invalidateQueries({ queryKey: ['bag'] });
      for (const item of order.items ?? [])
        void client.invalidateQueries({ queryKey: productKeys.detail(item.id) });
      if (order.product) void client.invalidateQueries({ queryKey: productKeys.detail(order.product.id) });
    },
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Spec §4 Checkout: retried silently after 1 s and again 3 s later; never stops the order. */
export const ADDRESS_RETRY_DELAYS = [1000, 3000];

export async function saveShippingAddress(
  orderId: number,
  address: AddressFields,
  delays: number[] = ADDRESS_RETRY_DELAYS,
): Promise<boolean> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await api.post(`orders/${orderId}/shipping-address`, { json: address });
      return true;
    } catch {
      if (attempt >= delays.length) return false;
      await sleep(delays[attempt]);
    }
  }
}

export function saveUserAddress(address: AddressFields, isDefault: boolean): Promise<SavedAddress> {
  return api.post('user-addresses', { json: { ...address, isDefault } }).json<SavedAddress>();
}

export interface StatusChange {
  status: OrderStatus;
  trackingNumber?: string;
  trackingUrl?: string;
}

export function useChangeStatus() {
  return useOrderMutation((orderId, change: StatusChange) =>
    api.put(`orders/${orderId}/status`, { json: change }).json<Order>(),
  );
}

export function useWriteReview() {
  return useOrderMutation((orderId, review: { rating: number; comment: string }) =>
    api.post(`orders/${orderId}/reviews`, { json: review }).json<Review>(),
  );
}

export interface Quote {
  price: string;
  serviceFee: string;
  shipping: string;
  total: string;
  subtotal: string;
  discount: string;
  discountPercent: number;
  itemCount: number;
}

/** What placing the order would charge (GET /api/orders/quote): the Review step's total. */
export function useQuote(request: OrderRequest, enabled: boolean) {
  const { productId, productIds, offerId } = request;
  const searchParams = new URLSearchParams();
  if (productIds) for (const id of productIds) searchParams.append('productIds', String(id));
  else if (productId !== undefined) searchParams.set('productId', String(productId));
  if (offerId) searchParams.set('offerId', String(offerId));
  return useQuery({
    queryKey: [...QUOTE_KEY, productId ?? null, productIds ?? null, offerId ?? null] as const,
    queryFn: () => api.get('orders/quote', { searchParams }).json<Quote>(),
    enabled: enabled && (productIds ? productIds.length > 0 : Number.isFinite(productId)),
  });
}

/** The listing being bought (same cache entry as the product page). */
export function useCheckoutProduct(productId: number) {
  return useQuery({
    queryKey: productKeys.detail(productId),
    queryFn: () => api.get(`products/${productId}`).json<Product>(),
    enabled: Number.isFinite(productId),
  });
}
