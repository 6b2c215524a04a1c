import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** An offer as the API sends it (spec §3 Offer; money as decimal strings like '80.00'). */
export type OfferStatus =
  'pending' | 'accepted' | 'rejected' | 'countered' | 'withdrawn' | 'expired' | 'cancelled';
export type DeclineReason =
  | 'other_offer_accepted'
  | 'listing_sold'
  | 'listing_deleted'
  | 'account_closed'
  | 'member_suspended'
  | 'member_blocked';

export interface OfferPerson {
  id: number;
  username: string;
  displayName: string;
  avatarUrl: string | null;
}

export interface OfferProduct {
  id: number;
  title: string;
  price: string;
  status: 'available' | 'reserved' | 'sold';
  images: string[];
  thumbnails: string[];
}

export interface Offer {
  id: number;
  productId: number;
  buyerId: number;
  sellerId: number;
  status: OfferStatus;
  originalPrice: string;
  offerPrice: string;
  counterPrice: string | null;
  /** What checkout charges once accepted (the counter price when there was one). */
  agreedPrice: string | null;
  message: string | null;
  declineReason: DeclineReason | null;
  /** An accepted offer reserves the item for its buyer until then (24 hours); null once
   * the order was placed, or for any other status. */
  reservedUntil: string | null;
  /** The order placed with this accepted offer (not cancelled), if any. */
  orderId: number | null;
  /** The seller's offer to the listing's watchers (docs/selling.md, "Offers to watchers"). */
  fromSeller?: boolean;
  /** When an offer to a watcher ends unanswered. */
  expiresAt?: string | null;
  createdAt: string;
  updatedAt: string | null;
  product: OfferProduct;
  buyer: OfferPerson | null;
  seller: OfferPerson | null;
}

export interface OfferPage {
  items: Offer[];
  nextCursor: string | null;
}

/** Every offer query starts with 'offers', so the socket's offer_updated refreshes them all. */
export const offerKeys = {
  all: ['offers'] as const,
  detail: (id: number) => ['offers', 'detail', id] as const,
  product: (productId: number) => ['offers', 'product', productId] as const,
};

/** Making an offer: the product page's dialog sends it. */
export interface OfferInput {
  productId: number;
  offerPrice: string;
  message?: string;
}

export type OfferAnswer =
  | { offerId: number; status: 'accepted' | 'rejected' }
  | { offerId: number; status: 'countered'; counterPrice: string };

/** After any change: the changed offer in the cache, every offer list and thread stale. */
function refreshAfter(client: QueryClient, offer: Offer): void {
  client.setQueryData(offerKeys.detail(offer.id), offer);
  void client.invalidateQueries({ queryKey: offerKeys.all });
  void client.invalidateQueries({ queryKey: ['messages'] });
}

function useOfferChange<Input>(send: (input: Input) => Promise<Offer>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: (offer) => refreshAfter(client, offer) });
}

/** POST /api/offers */
export function useMakeOffer() {
  return useOfferChange((input: OfferInput) => api.post('offers', { json: input }).json<Offer>());
}

/** PUT /api/offers/{id}/respond: the seller accepts, rejects or counters a pending offer. */
export function useRespondToOffer() {
  return useOfferChange(({ offerId, ...body }: OfferAnswer) =>
    api.put(`offers/${offerId}/respond`, { json: body }).json<Offer>(),
  );
}

/** The buyer's answers: accept the counter (one step), decline it, or withdraw a pending offer. */
export function useBuyerOfferMove(move: 'accept-counter' | 'decline-counter' | 'withdraw') {
  return useOfferChange((offerId: number) => api.post(`offers/${offerId}/${move}`).json<Offer>());
}

/** GET /api/offers/{id}: one offer, for its buyer and seller (the thread's offer card). */
export function useOffer(offerId: number | null | undefined) {
  return useQuery({
    queryKey: offerKeys.detail(offerId ?? 0),
    queryFn: () => api.get(`offers/${offerId}`).json<Offer>(),
    enabled: typeof offerId === 'number' && offerId > 0,
  });
}

/** GET /api/products/{id}/offers: the seller sees every offer, a buyer their own. */
export function useProductOffers(productId: number, enabled: boolean) {
  return useQuery({
    queryKey: offerKeys.product(productId),
    queryFn: () => api.get(`products/${productId}/offers`, { searchParams: { limit: 50 } }).json<OfferPage>(),
    enabled,
  });
}
