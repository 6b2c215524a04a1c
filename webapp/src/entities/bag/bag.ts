import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Product } from '@/entities/product/product';
import { useSessionStore } from '@/entities/session/session-store';

/** "Buy 2, save 10%": one of a seller's bundle discounts. */
export interface BundleTier {
  minItems: number;
  percent: number;
  label: string;
}

/** One seller's items in the bag and what checking the available ones out costs now
 * (computed by the server: docs/selling.md, "Bundles"). */
export interface BagGroup {
  seller: Product['seller'];
  sellerId: number;
  items: { product: Product; available: boolean }[];
  tiers: BundleTier[];
  itemCount: number;
  subtotal: string;
  discount: string;
  discountPercent: number;
  price: string;
  serviceFee: string;
  shipping: string;
  total: string;
  nextTier: BundleTier | null;
}

export interface Bag {
  count: number;
  groups: BagGroup[];
}

export const bagKeys = {
  bag: ['bag'] as const,
  tiers: (userId: number) => ['bundle-discounts', userId] as const,
};

/** GET /api/bag (only when signed in: a visitor has no bag). */
export function useBag() {
  const signedIn = useSessionStore((state) => state.status === 'authenticated');
  return useQuery({
    queryKey: bagKeys.bag,
    queryFn: () => api.get('bag').json<Bag>(),
    enabled: signedIn,
  });
}

export function useAddToBag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (productId: number) => api.post('bag/items', { json: { productId } }).json<Bag>(),
    onSuccess: (bag) => client.setQueryData(bagKeys.bag, bag),
  });
}

export function useRemoveFromBag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (productId: number) => api.delete(`bag/items/${productId}`).json<Bag>(),
    onSuccess: (bag) => client.setQueryData(bagKeys.bag, bag),
  });
}

/** A seller's bundle discounts (public). */
export function useBundleDiscounts(userId: number | undefined) {
  return useQuery({
    queryKey: bagKeys.tiers(userId ?? 0),
    queryFn: () => api.get(`users/${userId}/bundle-discounts`).json<{ tiers: BundleTier[] }>(),
    enabled: userId !== undefined && Number.isFinite(userId),
    staleTime: 60_000,
  });
}

export function useSetBundleDiscounts(userId: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tiers: { minItems: number; percent: number }[]) =>
      api.put('user/bundle-discounts', { json: { tiers } }).json<{ tiers: BundleTier[] }>(),
    onSuccess: (saved) => {
      if (userId !== undefined) client.setQueryData(bagKeys.tiers(userId), saved);
    },
  });
}
