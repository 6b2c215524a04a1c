import type { Order, SavedAddress } from '@/entities/order/order';

/** A one-item order waiting for payment, as the server sends it, with what a test changes. */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 9,
    orderNumber: '42-K3Z0QF',
    paymentReference: '42-K3Z0QF',
    paymentInstructions: [],
    status: 'pending',
    statusLabel: 'Pending',
    price: '45.00',
    serviceFee: '2.25',
    shipping: '5.00',
    total: '52.25',
    createdAt: '2025-03-02T10:00:00Z',
    trackingNumber: null,
    trackingUrl: null,
    product: null,
    items: [],
    itemCount: 1,
    subtotal: '45.00',
    discount: '0.00',
    buyer: null,
    seller: null,
    shippingAddress: null,
    events: [],
    reviews: [],
    allowedTransitions: ['cancelled'],
    canReview: false,
    protectionEndsAt: null,
    ...overrides,
  };
}

/** A one-item order of an $80.00 wool coat (size M), as the admin desk lists it. */
export function makeCoatOrder(overrides: Partial<Order> = {}): Order {
  const coat = { id: 3, title: 'Wool coat', size: 'm', category: 'outerwear', brand: 'Zara' };
  return makeOrder({
    id: 1,
    orderNumber: '42-ABC123',
    paymentReference: '42-ABC123',
    price: '80.00',
    serviceFee: '4.00',
    total: '89.00',
    subtotal: '80.00',
    createdAt: '2026-11-20T10:00:00Z',
    product: { ...coat, images: [] },
    items: [{ ...coat, image: null, price: '80.00' }],
    ...overrides,
  });
}

/** The buyer's default address in Boston, as `GET /api/user-addresses` lists it. */
export function makeSavedAddress(overrides: Partial<SavedAddress> = {}): SavedAddress {
  return {
    id: 1,
    isDefault: true,
    fullName: 'Ann Lee',
    addressLine1: '12 Market Street',
    addressLine2: '',
    city: 'Boston',
    state: 'MA',
    zipCode: '02110',
    country: 'United States',
    phoneNumber: '6175550100',
    raw: '',
    ...overrides,
  };
}

/** `GET /api/orders/quote` for the one-item order of `makeOrder`. */
export const ORDER_QUOTE = { price: '45.00', serviceFee: '2.25', shipping: '5.00', total: '52.25' };
