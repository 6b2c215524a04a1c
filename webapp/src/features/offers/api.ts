import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useCurrentUser } from '@/entities/session/session-store';

const POLL_MS = 30_000;

export interface OfferNotifications {
  acceptedBuyerOffers: number;
  newSellerOffers: number;
}

const NONE: OfferNotifications = { acceptedBuyerOffers: 0, newSellerOffers: 0 };

/** Badge counts; any failure reads as none so the navigation never shows an error. */
async function fetchOfferNotifications(): Promise<OfferNotifications> {
  try {
    const data = await api.get('offers/notifications').json<Partial<OfferNotifications>>();
    return {
      acceptedBuyerOffers: Number(data.acceptedBuyerOffers) || 0,
      newSellerOffers: Number(data.newSellerOffers) || 0,
    };
  } catch {
    return NONE;
  }
}

/** Offer badge counts, polled every 30 s while signed in. */
export function useOfferNotifications(): OfferNotifications {
  const userId = useCurrentUser()?.id;
  const { data } = useQuery({
    queryKey: ['offers', 'notifications', userId],
    queryFn: fetchOfferNotifications,
    enabled: userId !== undefined,
    refetchInterval: POLL_MS,
  });
  return userId === undefined ? NONE : (data ?? NONE);
}
