import { describe, expect, it } from 'vitest';
import type { Order, OrderEvent } from '@/entities/order/order';
import { claimWindow, shippedAt } from './claim-window';

const line = (status: OrderEvent['status'], at: string): OrderEvent => ({
  kind: 'status',
  status,
  label: String(status),
  actorId: null,
  at,
});
const order = (status: Order['status'], events: OrderEvent[], protectionEndsAt: string | null = null) => ({
  status,
  events,
  protectionEndsAt,
});
const ALL = ['not_as_described', 'damaged', 'counterfeit', 'not_received', 'other'];

describe('claimWindow (mirrors domain/disputes.py why_not_disputable)', () => {
  const shipped = '2026-11-20T10:00:00Z';

  it('takes the last time the order moved to shipped', () => {
    const events = [
      line('shipped', '2026-11-18T10:00:00Z'),
      line('paid' as never, shipped),
      line('shipped', shipped),
    ];
    expect(shippedAt({ events })?.toISOString()).toBe('2026-11-20T10:00:00.000Z');
    expect(shippedAt({ events: [] })).toBeNull();
  });

  it('opens "not received" on a shipped order exactly 7 days after shipping, and only that', () => {
    const before = claimWindow(
      order('shipped', [line('shipped', shipped)]),
      new Date('2026-11-27T09:59:59Z'),
    );
    expect(before.reasons).toEqual(['not_received']);
    expect(before.opensAt?.toISOString()).toBe('2026-11-27T10:00:00.000Z');
    expect(before.closed).toMatch(/^You can report the item as not received from /);
    const at = claimWindow(order('shipped', [line('shipped', shipped)]), new Date('2026-11-27T10:00:00Z'));
    expect(at).toEqual({ reasons: ['not_received'], opensAt: null, closed: null });
  });

  it('refuses a shipped order with no shipping time, as the server does', () => {
    expect(claimWindow(order('shipped', []), new Date()).closed).toBe(
      'An item can be reported as not received 7 days after it was shipped.',
    );
  });

  it('offers every reason while a delivered order is protected, none after', () => {
    const ends = '2026-11-25T10:00:00Z';
    expect(claimWindow(order('delivered', [], ends), new Date('2026-11-25T09:00:00Z')).reasons).toEqual(ALL);
    const after = claimWindow(order('delivered', [], ends), new Date('2026-11-25T10:00:00Z'));
    expect(after.reasons).toEqual([]);
    expect(after.closed).toMatch(/^Buyer protection ended on Nov 25, 2026/);
    // No recorded end: the server reads the timeline and decides.
    expect(claimWindow(order('delivered', []), new Date()).closed).toBeNull();
  });
});
