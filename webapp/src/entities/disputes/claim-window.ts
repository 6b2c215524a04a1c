import type { Order } from '@/entities/order/order';
import { formatDate, formatDateTime } from '@/lib/formatters';
import { DISPUTE_REASONS, type DisputeReason } from './api';

/**
 * Mirrors the server's rule (domain/disputes.py, `why_not_disputable`) from what the order
 * already carries, so the form offers only the claims the server will take and says when one
 * becomes possible. The server stays the authority: it answers 409 with its sentence.
 */
export const NOT_RECEIVED_AFTER_DAYS = 7; // domain/disputes.py NOT_RECEIVED_AFTER_DAYS
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ClaimWindow {
  /** The reasons the buyer may give now, or before the claim opens (`opensAt`). */
  reasons: DisputeReason[];
  /** When the only claim (not received, on a shipped order) becomes possible, if not yet. */
  opensAt: Date | null;
  /** Why no claim can be opened now, in words; null when one can. */
  closed: string | null;
}

/** When the order last moved to `shipped`, by its timeline (as the server reads it). */
export function shippedAt(order: Pick<Order, 'events'>): Date | null {
  const moments = order.events.filter((event) => event.status === 'shipped').map((event) => event.at);
  return moments.length ? new Date(moments[moments.length - 1]) : null;
}

export function claimWindow(
  order: Pick<Order, 'status' | 'events' | 'protectionEndsAt'>,
  now: Date,
): ClaimWindow {
  const all = DISPUTE_REASONS.map((reason) => reason.value);
  if (order.status === 'delivered') {
    // (No recorded end: the server looks at the timeline and decides.)
    const ends = order.protectionEndsAt ? new Date(order.protectionEndsAt) : null;
    if (ends && now >= ends) {
      return {
        reasons: [],
        opensAt: null,
        closed: `Buyer protection ended on ${formatDate(ends)}, so this order can no longer be disputed.`,
      };
    }
    return { reasons: all, opensAt: null, closed: null };
  }
  if (order.status === 'shipped') {
    const shipped = shippedAt(order);
    if (!shipped) {
      return {
        reasons: ['not_received'],
        opensAt: null,
        closed: `An item can be reported as not received ${NOT_RECEIVED_AFTER_DAYS} days after it was shipped.`,
      };
    }
    const opens = new Date(shipped.getTime() + NOT_RECEIVED_AFTER_DAYS * DAY_MS);
    if (now < opens) {
      return {
        reasons: ['not_received'],
        opensAt: opens,
        closed:
          `You can report the item as not received from ${formatDateTime(opens)}, ` +
          `${NOT_RECEIVED_AFTER_DAYS} days after it was shipped.`,
      };
    }
    return { reasons: ['not_received'], opensAt: null, closed: null };
  }
  return { reasons: [], opensAt: null, closed: 'Buyer protection covers shipped and delivered orders.' };
}
