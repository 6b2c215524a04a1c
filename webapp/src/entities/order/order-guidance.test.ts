import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/formatters';
import type { OrderDeadline, OrderStatus } from './order';
import { deadlineSentence, nextStepSentence, payoutSentence } from './order-guidance';

const AT = '2025-12-03T01:47:00Z';
const WHEN = formatDateTime(AT);
const deadline = (kind: OrderDeadline['kind'], automatic = kind !== 'ship'): OrderDeadline => ({
  kind,
  label: '',
  at: AT,
  automatic,
});

describe('deadlineSentence', () => {
  it.each([
    ['pay', 'buyer', `Pay by ${WHEN}; the order is cancelled if payment has not been confirmed by then.`],
    ['pay', 'seller', `The buyer has until ${WHEN} to pay; the order is cancelled after that.`],
    ['ship', 'seller', `Ship by ${WHEN} (3 business days after the payment was confirmed).`],
    ['ship', 'buyer', `The seller should ship by ${WHEN}.`],
    [
      'complete',
      'buyer',
      `Completes automatically on ${WHEN}. Until then you can confirm receipt or report a problem.`,
    ],
    ['complete', 'seller', `Completes automatically on ${WHEN}; until then the buyer can report a problem.`],
  ] as const)('words a %s deadline for the %s', (kind, role, sentence) => {
    expect(deadlineSentence({ deadline: deadline(kind) }, role)).toBe(sentence);
  });

  it('says nothing when the order waits for no deadline', () => {
    expect(deadlineSentence({ deadline: null }, 'buyer')).toBeNull();
    expect(deadlineSentence({}, 'seller')).toBeNull();
  });
});

describe('nextStepSentence', () => {
  it('tells the seller of an unpaid order that an administrator confirms payment, and what Confirm Order does', () => {
    const pending = nextStepSentence({ status: 'pending' }, 'seller') ?? '';
    expect(pending).toContain("Waiting for the buyer's payment");
    expect(pending).toContain('an administrator confirms');
    expect(pending).toContain('Confirm Order tells the buyer you have the item');
    expect(pending).toContain('it does not confirm a payment');
    const confirmed = nextStepSentence({ status: 'confirmed' }, 'seller') ?? '';
    expect(confirmed).toContain("Waiting for the buyer's payment");
    // Mark as Shipped shows on a confirmed order: shipping before payment is the seller's risk.
    expect(confirmed).toContain('Shipping before then is up to you');
  });

  it('tells the buyer of a shipped order what comes next', () => {
    const shipped = nextStepSentence({ status: 'shipped' }, 'buyer') ?? '';
    expect(shipped).toContain('tracking number');
    expect(shipped).toContain('the seller marks it delivered');
    expect(shipped).toContain('confirm receipt or report a problem');
    expect(shipped).toContain('completes automatically');
  });

  it.each<[OrderStatus, 'buyer' | 'seller']>([
    ['pending', 'buyer'],
    ['confirmed', 'buyer'],
    ['delivered', 'buyer'],
    ['delivered', 'seller'],
    ['completed', 'seller'],
    ['cancelled', 'buyer'],
    ['disputed', 'seller'],
    ['refunded', 'buyer'],
  ])('leaves a %s order to the rest of the card (%s)', (status, role) => {
    expect(nextStepSentence({ status }, role)).toBeNull();
  });
});

describe('payoutSentence', () => {
  it('shows the server’s payout as it stands', () => {
    expect(payoutSentence({ payout: '74.38', status: 'pending' })).toBe(
      'You receive $74.38 after fees (5% platform fee, 1.9% processing and $0.10 per sale) once the order completes.',
    );
    expect(payoutSentence({ payout: '74.38', status: 'completed' })).toBe(
      'Payout released: $74.38 after fees.',
    );
    expect(payoutSentence({ payout: '74.38', status: 'disputed' })).toContain('on hold');
  });

  it('says nothing without one (the buyer, a cancelled order)', () => {
    expect(payoutSentence({ payout: null, status: 'cancelled' })).toBeNull();
    expect(payoutSentence({ status: 'pending' })).toBeNull();
  });
});
