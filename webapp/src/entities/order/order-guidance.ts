import { formatDateTime, formatMoney } from '@/lib/formatters';
import { PAYOUT_FEES, POLICY } from '@/lib/policy';
import type { Order } from './order';

/** Which side of the order the reader is on. */
export type OrderRole = 'buyer' | 'seller';

/**
 * The order's deadline in words for each side: the server says what the order waits for
 * and until when (`order.deadline`, domain/order_deadlines.py, the timers' own rules); this
 * only words it, in the reader's time zone. Null when the order waits for no deadline.
 */
export function deadlineSentence(order: Pick<Order, 'deadline'>, role: OrderRole): string | null {
  const deadline = order.deadline;
  if (!deadline) return null;
  const when = formatDateTime(deadline.at);
  switch (deadline.kind) {
    case 'pay':
      return role === 'buyer'
        ? `Pay by ${when}; the order is cancelled if payment has not been confirmed by then.`
        : `The buyer has until ${when} to pay; the order is cancelled after that.`;
    case 'ship':
      return role === 'seller'
        ? `Ship by ${when} (${POLICY.shipWithin} after the payment was confirmed).`
        : `The seller should ship by ${when}.`;
    case 'complete':
      return role === 'buyer'
        ? `Completes automatically on ${when}. Until then you can confirm receipt or report a problem.`
        : `Completes automatically on ${when}; until then the buyer can report a problem.`;
    default:
      return null;
  }
}

const AWAITING_PAYMENT =
  "Waiting for the buyer's payment, which an administrator confirms when it arrives; we then tell you to ship.";

/**
 * What happens next, and what the reader's buttons do, where the status alone does not say
 * it (docs/orders.md). Null when the card already says enough (the buyer's payment line,
 * the dispute panel, a finished order).
 */
export function nextStepSentence(order: Pick<Order, 'status'>, role: OrderRole): string | null {
  if (role === 'seller') {
    switch (order.status) {
      case 'pending':
        return (
          `${AWAITING_PAYMENT} Confirm Order tells the buyer you have the item and will ship once ` +
          'they pay: it does not confirm a payment or change the deadline.'
        );
      case 'confirmed':
        // The spec lets the seller ship a confirmed order (Mark as Shipped): before payment.
        return (
          `You confirmed this order. ${AWAITING_PAYMENT} Shipping before then is up to you: ` +
          'the payment is not confirmed yet.'
        );
      case 'payment_confirmed':
        return 'Payment confirmed. Pack the item, then choose Mark as Shipped to add its tracking number.';
      case 'shipped':
        return (
          'Choose Mark as Delivered once the tracking shows it arrived. The buyer then has ' +
          `${POLICY.inspection} to confirm receipt or report a problem; after that the order completes ` +
          'automatically.'
        );
      default:
        return null;
    }
  }
  switch (order.status) {
    case 'payment_confirmed':
      return 'Payment confirmed. The seller ships next; the tracking number shows here when they do.';
    case 'shipped':
      return (
        'On its way: follow it with the tracking number. When it arrives the seller marks it ' +
        `delivered; you then have ${POLICY.inspection} to confirm receipt or report a problem, and after that ` +
        'the order completes automatically.'
      );
    default:
      return null;
  }
}

/**
 * What the seller receives for the sale, as the server computed it (`order.payout`: the
 * listing form's and Seller Stats' own rule, domain/fees.py). Null for anyone else and once
 * the order is cancelled or refunded (the server sends none then).
 */
export function payoutSentence(order: Pick<Order, 'payout' | 'status'>): string | null {
  if (!order.payout) return null;
  const amount = formatMoney(order.payout);
  if (order.status === 'completed') return `Payout released: ${amount} after fees.`;
  if (order.status === 'disputed')
    return `Your payout of ${amount} after fees is on hold until the dispute is resolved.`;
  return `You receive ${amount} after fees (${PAYOUT_FEES}) once the order completes.`;
}

/** Where the order is, as lines: its deadline, what happens next and, to the seller, the
 *  payout, each left out when it has nothing to say. */
export function orderGuidance(
  order: Pick<Order, 'deadline' | 'status' | 'payout'>,
  role: OrderRole,
): string[] {
  const payout = role === 'seller' ? payoutSentence(order) : null;
  return [deadlineSentence(order, role), nextStepSentence(order, role), payout].filter(
    (line): line is string => line !== null,
  );
}
