import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys, type ProductPage } from '@/entities/product/product';
import { userKeys } from '@/entities/user/public-user';

/** A member in a followers or following list. */
export interface MemberSummary {
  id: number;
  username: string;
  displayName: string;
  avatarUrl: string | null;
  bio?: string | null;
}

const PAGE = 12;

/** The member's listings (GET /api/products?sellerId=), page by page. */
export function useSellerListings(sellerId: number) {
  return useInfiniteQuery({
    queryKey: [...productKeys.all, 'seller', sellerId],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const searchParams = new URLSearchParams({ sellerId: String(sellerId), limit: String(PAGE) });
      if (pageParam) searchParams.set('cursor', pageParam);
      return api.get('products', { searchParams }).json<ProductPage>();
    },
    getNextPageParam: (last) => last.nextCursor,
    enabled: sellerId > 0,
  });
}

export function useFollowers(userId: number, enabled = true) {
  return useQuery({
    queryKey: userKeys.followers(userId),
    queryFn: () => api.get(`users/${userId}/followers`).json<MemberSummary[]>(),
    enabled: enabled && userId > 0,
  });
}
