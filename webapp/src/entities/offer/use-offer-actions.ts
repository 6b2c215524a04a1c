import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useBuyerOfferMove, useRespondToOffer, type Offer } from './offer';

const BUYER_TOLD = 'The buyer will be notified.';
const RESPOND_FAILED = 'Failed to respond to offer';

/** The seller's answers with the spec's toasts ('Offer accepted', 'Offer declined', 'Counter offer sent'). */
export function useSellerOfferActions() {
  const respond = useRespondToOffer();
  const failed = (error: unknown) => notifyError(errorMessage(error, RESPOND_FAILED));
  return {
    pending: respond.isPending,
    accept: (offer: Offer) =>
      respond.mutate(
        { offerId: offer.id, status: 'accepted' },
        {
          onSuccess: () => notifySuccess('Offer accepted', BUYER_TOLD),
          onError: failed,
        },
      ),
    reject: (offer: Offer) =>
      respond.mutate(
        { offerId: offer.id, status: 'rejected' },
        {
          onSuccess: () => notifySuccess('Offer declined', BUYER_TOLD),
          onError: failed,
        },
      ),
    /** Rejects with the error too, so the counter form can show it under the field. */
    counter: async (offer: Offer, counterPrice: string) => {
      try {
        await respond.mutateAsync({ offerId: offer.id, status: 'countered', counterPrice });
        notifySuccess('Counter offer sent', BUYER_TOLD);
      } catch (error) {
        failed(error);
        throw error;
      }
    },
  };
}

/** The buyer's answers: accept or decline a counter, withdraw a pending offer. */
export function useBuyerOfferActions() {
  const acceptCounter = useBuyerOfferMove('accept-counter');
  const declineCounter = useBuyerOfferMove('decline-counter');
  const withdraw = useBuyerOfferMove('withdraw');
  return {
    pending: acceptCounter.isPending || declineCounter.isPending || withdraw.isPending,
    acceptCounter: (offer: Offer, done?: () => void) =>
      acceptCounter.mutate(offer.id, {
        onSuccess: () => notifySuccess('Counter offer accepted successfully', 'You can pay now.'),
        onError: (error) => notifyError(errorMessage(error, 'Failed to accept counter offer')),
        onSettled: done,
      }),
    declineCounter: (offer: Offer) =>
      declineCounter.mutate(offer.id, {
        onSuccess: () => notifySuccess('Counter offer declined', 'The seller will be notified.'),
        onError: (error) => notifyError(errorMessage(error, RESPOND_FAILED)),
      }),
    /** `done`: after it was withdrawn (the product page's note then takes the focus). */
    withdraw: (offer: Offer, done?: () => void) =>
      withdraw.mutate(offer.id, {
        onSuccess: () => {
          notifySuccess('Offer withdrawn', 'The seller will be notified.');
          done?.();
        },
        onError: (error) => notifyError(errorMessage(error, 'Failed to withdraw offer')),
      }),
  };
}
