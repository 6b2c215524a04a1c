import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/api-client';

/** GET /api/products/{id}/figures: the product page's Views and Offers (docs/seller-stats.md). */
export interface ListingFigures {
  views: number;
  offers: number;
}

export const figuresKey = (productId: number) => ['products', 'figures', productId] as const;

export function useListingFigures(productId: number) {
  return useQuery({
    queryKey: figuresKey(productId),
    queryFn: () => api.get(`products/${productId}/figures`).json<ListingFigures>(),
    enabled: Number.isInteger(productId) && productId > 0,
    staleTime: 60_000,
  });
}

/** Counts one view of the listing when its page shows it (``productId`` undefined until
 * then). The server keeps it once per visitor per day and never for the seller; a failed
 * count is not the shopper's concern. */
export function useCountView(productId: number | undefined) {
  const { mutate } = useMutation({
    mutationFn: (id: number) => api.post(`products/${id}/views`).json<{ counted: boolean }>(),
  });
  useEffect(() => {
    if (productId !== undefined) mutate(productId);
  }, [productId, mutate]);
}
