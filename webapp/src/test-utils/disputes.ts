import type { Dispute } from '@/entities/disputes/api';

/** An open "Not as described" dispute about one jacket, with what a test changes. */
export function makeDispute(overrides: Partial<Dispute> = {}): Dispute {
  return {
    id: 4,
    orderId: 18,
    orderNumber: '18-1S9XMD',
    orderStatus: 'disputed',
    orderPlacedAt: '2026-11-26T10:00:00Z',
    orderTotal: '149.50',
    items: [{ id: 31, title: 'Waxed jacket', image: null }],
    buyer: { id: 7, username: 'sofia', displayName: 'Sofia' },
    seller: { id: 8, username: 'theo', displayName: 'Theo' },
    reason: 'not_as_described',
    reasonLabel: 'Not as described',
    details: 'The jacket has a torn lining inside the left sleeve.',
    photos: [],
    status: 'open',
    outcome: null,
    outcomeLabel: null,
    note: null,
    createdAt: '2026-11-29T04:00:00Z',
    resolvedAt: null,
    responses: [],
    ...overrides,
  };
}
