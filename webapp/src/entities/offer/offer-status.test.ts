import { describe, expect, it } from 'vitest';
import { makeOffer } from '@/test-utils/offers';
import type { Offer } from './offer';
import {
  buyerNextStep,
  buyerStatusMessage,
  myOfferTitle,
  payableOffer,
  sellerStatusMessage,
} from './offer-status';

const JACKET = {
  id: 1,
  title: 'Denim jacket',
  price: '50.00',
  status: 'available' as const,
  images: [],
  thumbnails: [],
};

function offer(overrides: Partial<Offer> = {}): Offer {
  return makeOffer({
    originalPrice: '50.00',
    offerPrice: '30.00',
    product: JACKET,
    buyer: null,
    seller: null,
    ...overrides,
  });
}

describe('offer status wording (issue 36 items 2 and 22)', () => {
  it('does not call an accepted counter "Your offer of $30.00: Accepted"', () => {
    const countered = offer({ status: 'accepted', counterPrice: '45.00', agreedPrice: '45.00' });
    expect(myOfferTitle(countered)).toBe('You accepted the counter offer of $45.00');
    expect(myOfferTitle(offer({ status: 'accepted', agreedPrice: '30.00' }))).toBe(
      'Your offer of $30.00: Accepted',
    );
    expect(myOfferTitle(offer({ status: 'countered', counterPrice: '45.00' }))).toBe(
      'The seller countered your offer of $30.00 with $45.00',
    );
  });

  it('says an offer declined by an order that another buyer ordered the item (it is not sold yet)', () => {
    const declined = offer({ status: 'rejected', declineReason: 'listing_sold' });
    expect(buyerStatusMessage(declined)).toBe('Another buyer ordered this item.');
    expect(sellerStatusMessage(declined)).toBe('Another buyer ordered this item.');
  });

  it('offers Pay Now until the order exists, then the order', () => {
    expect(buyerNextStep(offer())).toBeNull();
    expect(buyerNextStep(offer({ status: 'accepted' }))).toEqual({
      label: 'Pay Now',
      to: '/checkout/1?offerId=5',
    });
    expect(buyerNextStep(offer({ status: 'accepted', orderId: 12 }))).toEqual({
      label: 'Ordered — View order',
      to: '/orders/12/confirmed',
    });
  });

  it('says an offer whose order was cancelled is over, with no Pay Now', () => {
    const over = offer({ status: 'cancelled', agreedPrice: null });
    expect(buyerNextStep(over)).toBeNull();
    expect(myOfferTitle(over)).toBe('Your offer of $30.00: Order cancelled');
    expect(buyerStatusMessage(over)).toBe(
      'The order you placed with this offer was cancelled; the item is back in the shop.',
    );
    expect(sellerStatusMessage(over)).toMatch(/can take other offers/);
  });
});

describe('payableOffer: the one rule for Pay Now on the product page and at checkout', () => {
  const now = Date.parse('2026-11-30T12:00:00Z');
  it('is an accepted offer with no order yet, while its reservation lasts', () => {
    expect(payableOffer(offer({ status: 'accepted' }), now)).toBe(true);
    expect(payableOffer(offer({ status: 'accepted', reservedUntil: '2026-11-30T12:05:00Z' }), now)).toBe(
      true,
    );
    expect(payableOffer(offer({ status: 'accepted', reservedUntil: '2026-11-30T11:59:00Z' }), now)).toBe(
      false,
    );
    expect(payableOffer(offer({ status: 'accepted', orderId: 12 }), now)).toBe(false);
    expect(payableOffer(offer({ status: 'countered' }), now)).toBe(false);
  });
});
