import { formatMoney } from '@/lib/formatters';
import type { Offer, OfferStatus } from './offer';

export const STATUS_LABEL: Record<OfferStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Rejected',
  countered: 'Countered',
  withdrawn: 'Withdrawn',
};

export const STATUS_COLOR: Record<OfferStatus, string> = {
  pending: 'yellow',
  accepted: 'green',
  rejected: 'red',
  countered: 'orange',
  withdrawn: 'gray',
};

const DECLINED_BECAUSE: Record<string, string> = {
  other_offer_accepted: 'The seller accepted another offer on this item.',
  listing_sold: 'This item has been sold.',
  listing_deleted: 'The seller removed this listing.',
};

/** What the buyer reads on their offer card. */
export function buyerStatusMessage(offer: Offer): string {
  switch (offer.status) {
    case 'pending':
      return 'Waiting for the seller to respond.';
    case 'countered':
      return `The seller countered with ${formatMoney(offer.counterPrice ?? '0')}.`;
    case 'accepted':
      return `Accepted at ${formatMoney(offer.agreedPrice ?? offer.offerPrice)}. You can pay now.`;
    case 'withdrawn':
      return 'You withdrew this offer.';
    default:
      return (offer.declineReason && DECLINED_BECAUSE[offer.declineReason]) || 'The seller declined this offer.';
  }
}

/** What the seller reads on their offer card. */
export function sellerStatusMessage(offer: Offer): string {
  switch (offer.status) {
    case 'pending':
      return 'Waiting for your answer.';
    case 'countered':
      return `You countered with ${formatMoney(offer.counterPrice ?? '0')}. Waiting for the buyer.`;
    case 'accepted':
      return `Accepted at ${formatMoney(offer.agreedPrice ?? offer.offerPrice)}. Waiting for the buyer to pay.`;
    case 'withdrawn':
      return 'The buyer withdrew this offer.';
    default:
      return (offer.declineReason && DECLINED_BECAUSE[offer.declineReason]) || 'You declined this offer.';
  }
}

/** The checkout link for an accepted offer. */
export function payNowLink(offer: Pick<Offer, 'productId' | 'id'>): string {
  return `/checkout/${offer.productId}?offerId=${offer.id}`;
}
