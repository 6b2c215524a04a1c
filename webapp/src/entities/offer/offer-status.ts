import { formatDateTime, formatMoney } from '@/lib/formatters';
import type { Offer, OfferStatus } from './offer';

export const STATUS_LABEL: Record<OfferStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Rejected',
  countered: 'Countered',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
  cancelled: 'Order cancelled',
};

export const STATUS_COLOR: Record<OfferStatus, string> = {
  pending: 'yellow',
  accepted: 'green',
  rejected: 'red',
  countered: 'orange',
  withdrawn: 'gray',
  expired: 'gray',
  cancelled: 'gray',
};

const DECLINED_BECAUSE: Record<string, string> = {
  other_offer_accepted: 'The seller accepted another offer on this item.',
  listing_sold: 'Another buyer ordered this item.',
  listing_deleted: 'The seller removed this listing.',
  account_closed: 'The member closed their account.',
  member_suspended: "The member's account is suspended.",
  member_blocked: "You can't trade with this member.",
};

/** What the buyer reads on their offer card. */
export function buyerStatusMessage(offer: Offer): string {
  switch (offer.status) {
    case 'pending':
      return 'Waiting for the seller to respond.';
    case 'countered':
      if (offer.fromSeller) {
        return `The seller offered it to watchers at ${formatMoney(offer.counterPrice ?? '0')}${offer.expiresAt ? ` until ${formatDateTime(offer.expiresAt)}` : ''}: the first to accept gets it.`;
      }
      return `The seller countered with ${formatMoney(offer.counterPrice ?? '0')}.`;
    case 'accepted':
      if (offer.orderId)
        return `Accepted at ${formatMoney(offer.agreedPrice ?? offer.offerPrice)}. You ordered it.`;
      return offer.reservedUntil
        ? `Accepted at ${formatMoney(offer.agreedPrice ?? offer.offerPrice)}. Reserved for you until ${formatDateTime(offer.reservedUntil)}: pay by then or it returns to the shop.`
        : `Accepted at ${formatMoney(offer.agreedPrice ?? offer.offerPrice)}. You can pay now.`;
    case 'withdrawn':
      return 'You withdrew this offer.';
    case 'expired':
      if (offer.fromSeller) return 'This offer to watchers has ended.';
      return 'You did not check out within 24 hours, so the reservation ended and the item is back in the shop.';
    case 'cancelled':
      return 'The order you placed with this offer was cancelled; the item is back in the shop.';
    default:
      return (
        (offer.declineReason && DECLINED_BECAUSE[offer.declineReason]) || 'The seller declined this offer.'
      );
  }
}

/** What the seller reads on their offer card. */
export function sellerStatusMessage(offer: Offer): string {
  switch (offer.status) {
    case 'pending':
      return 'Waiting for your answer.';
    case 'countered':
      if (offer.fromSeller)
        return `You offered it to watchers at ${formatMoney(offer.counterPrice ?? '0')}. Waiting for a watcher.`;
      return `You countered with ${formatMoney(offer.counterPrice ?? '0')}. Waiting for the buyer.`;
    case 'accepted':
      if (offer.orderId)
        return `Accepted at ${formatMoney(offer.agreedPrice ?? offer.offerPrice)}. The buyer ordered it.`;
      return offer.reservedUntil
        ? `Accepted at ${formatMoney(offer.agreedPrice ?? offer.offerPrice)}. Reserved for the buyer until ${formatDateTime(offer.reservedUntil)}.`
        : `Accepted at ${formatMoney(offer.agreedPrice ?? offer.offerPrice)}. Waiting for the buyer to pay.`;
    case 'withdrawn':
      return 'The buyer withdrew this offer.';
    case 'expired':
      if (offer.fromSeller) return 'Your offer to this watcher ended unanswered.';
      return 'The buyer did not check out within 24 hours; the item is back in the shop.';
    case 'cancelled':
      return 'The order placed with this offer was cancelled; the item is back in the shop and can take other offers.';
    default:
      return (offer.declineReason && DECLINED_BECAUSE[offer.declineReason]) || 'You declined this offer.';
  }
}

/** Whether the buyer can still check out with their accepted offer at its agreed price: no
 *  order made with it yet, and its reservation of the listing (if it holds one) not over at
 *  `now` (the server expires it within a minute after; docs/offers.md). */
export function payableOffer(offer: Offer, now: number = Date.now()): boolean {
  return (
    offer.status === 'accepted' &&
    !offer.orderId &&
    (offer.reservedUntil === null || Date.parse(offer.reservedUntil) > now)
  );
}

/** The buyer's next step on an accepted offer: Pay Now, or the order once it exists. */
export function buyerNextStep(offer: Offer): { label: string; to: string } | null {
  if (offer.status !== 'accepted') return null;
  if (offer.orderId) return { label: 'Ordered — View order', to: `/orders/${offer.orderId}/confirmed` };
  return { label: 'Pay Now', to: payNowLink(offer) };
}

/** Whether the offer still waits for an answer (pending, or countered): while one does, the
 *  server refuses its buyer another offer on the listing (domain/offers.py, OPEN_STATUSES). */
export function isOpenOffer(offer: Offer): boolean {
  return offer.status === 'pending' || offer.status === 'countered';
}

/** The product page's link to the buyer's open offer, in Make an Offer's place: what they
 *  offered, or the answer waiting for them, and its amount ("Your Offer", "$80.00"). */
export function openOfferLabel(offer: Offer): { words: string; amount: string } {
  if (offer.status === 'countered') {
    const amount = formatMoney(offer.counterPrice ?? offer.offerPrice);
    return { words: offer.fromSeller ? 'See Offer' : 'See Counter', amount };
  }
  return { words: 'Your Offer', amount: formatMoney(offer.offerPrice) };
}

/** How the buyer's own latest offer on a listing reads as a title (the product page). */
export function myOfferTitle(offer: Offer): string {
  if (offer.status === 'accepted' && offer.counterPrice) {
    return `You accepted the counter offer of ${formatMoney(offer.counterPrice)}`;
  }
  if (offer.status === 'countered' && offer.counterPrice) {
    return `The seller countered your offer of ${formatMoney(offer.offerPrice)} with ${formatMoney(offer.counterPrice)}`;
  }
  return `Your offer of ${formatMoney(offer.offerPrice)}: ${STATUS_LABEL[offer.status]}`;
}

/** The checkout link for an accepted offer. */
export function payNowLink(offer: Pick<Offer, 'productId' | 'id'>): string {
  return `/checkout/${offer.productId}?offerId=${offer.id}`;
}
