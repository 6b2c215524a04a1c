import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Making an offer: the product page's dialog and the offers pages both send it. */
export interface OfferInput {
  productId: number;
  offerPrice: string;
  message?: string;
}

/** POST /api/offers (the offers area may not be live yet; a 404 is shown as a failure). */
export function useMakeOffer() {
  return useMutation({
    mutationFn: (input: OfferInput) => api.post('offers', { json: input }).json<unknown>(),
  });
}
