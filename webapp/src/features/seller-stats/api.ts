import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** One UTC day of GET /api/user/stats. */
export interface StatsDay {
  date: string;
  views: number;
  offers: number;
  sales: number;
  /** What the seller keeps of the day's sales, "12.34". */
  earnings: string;
}

export interface ListingStats {
  productId: number;
  title: string;
  status: string;
  price: string;
  views: number;
  watchers: number;
  offers: number;
  daysListed: number;
}

/** GET /api/user/stats (docs/seller-stats.md). */
export interface SellerStats {
  /** The last 30 days, oldest first. */
  days: StatsDay[];
  totals: { views: number; offers: number; sales: number; earnings: string };
  /** The newest 200 listings, any status. */
  listings: ListingStats[];
}

export function useSellerStats() {
  return useQuery({
    queryKey: ['seller-stats'],
    queryFn: () => api.get('user/stats').json<SellerStats>(),
    staleTime: 60_000,
  });
}
