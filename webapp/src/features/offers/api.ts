import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { useCurrentUser } from '@/entities/session/session-store';
import type { OfferPage } from '@/entities/offer/offer';
import { api } from '@/lib/api-client';

const POLL_MS = 30_000;
const PAGE_SIZE = 20;

export interface OfferNotifications {
  acceptedBuyerOffers: number;
  newSellerOffers: number;
}

const NONE: OfferNotifications = { acceptedBuyerOffers: 0, newSellerOffers: 0 };
const notificationsKey = ['offers', 'notifications'] as const;

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

/**
 * Offer badge counts, polled every 30 s while signed in. The key starts with 'offers', so
 * every offer_updated socket event (and every offer change made here) refreshes it at once.
 */
export function useOfferNotifications(): OfferNotifications {
  const userId = useCurrentUser()?.id;
  const { data } = useQuery({
    queryKey: [...notificationsKey, userId],
    queryFn: fetchOfferNotifications,
    enabled: userId !== undefined,
    refetchInterval: POLL_MS,
  });
  return userId === undefined ? NONE : (data ?? NONE);
}

export type OfferSide = 'seller' | 'buyer';

/** GET /api/seller/offers or /api/buyer/offers, page by page; status '' is every status. */
export function useOfferList(side: OfferSide, status: string, productId?: number) {
  return useInfiniteQuery({
    queryKey: ['offers', side, status, productId ?? null],
    queryFn: ({ pageParam }) => {
      const searchParams: Record<string, string | number> = { limit: PAGE_SIZE };
      if (status) searchParams.status = status;
      if (productId) searchParams.productId = productId;
      if (pageParam) searchParams.cursor = pageParam;
      return api.get(`${side}/offers`, { searchParams }).json<OfferPage>();
    },
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** Opening the seller page marks offers read; the buyer page marks answers notified. */
export function useMarkSeenOnOpen(side: OfferSide, productId?: number) {
  const client = useQueryClient();
  const mark = useMutation({
    mutationFn: () =>
      side === 'seller'
        ? api.post('offers/mark-seller-read', { json: productId ? { productId } : {} })
        : api.post('offers/mark-buyer-notified'),
    onSuccess: () => void client.invalidateQueries({ queryKey: notificationsKey }),
  });
  const markSeen = useEffectEvent(() => mark.mutate());
  // Once per page visit (and per product filter).
  useEffect(() => markSeen(), [side, productId]);
}
