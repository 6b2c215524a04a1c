import type { Offer } from '@/entities/offer/offer';

/** An offer as the API sends it: sofia (7) offers $80.00 on maya's (3) "Wool coat" at $100.00. */
export function makeOffer(overrides: Partial<Offer> = {}): Offer {
  return {
    id: 5,
    productId: 1,
    buyerId: 7,
    sellerId: 3,
    status: 'pending',
    originalPrice: '100.00',
    offerPrice: '80.00',
    counterPrice: null,
    agreedPrice: null,
    message: null,
    declineReason: null,
    reservedUntil: null,
    orderId: null,
    createdAt: '2026-11-20T10:00:00Z',
    updatedAt: null,
    product: { id: 1, title: 'Wool coat', price: '100.00', status: 'available', images: [], thumbnails: [] },
    buyer: { id: 7, username: 'sofia', displayName: 'Sofia Rossi', avatarUrl: null },
    seller: { id: 3, username: 'maya', displayName: 'Maya Chen', avatarUrl: null },
    ...overrides,
  };
}
