import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { productKeys, type Product } from '@/entities/product/product';
import { useSessionStore } from '@/entities/session/session-store';

/**
 * The watch list (favorites) as shared server state: product cards in every feature show and
 * toggle their heart from it, so it lives in lib/ rather than features/favorites.
 */
export interface Favorite {
  id: number;
  productId: number;
  createdAt: string;
  product: Product;
}

export const favoriteKeys = {
  list: ['favorites'] as const,
  check: (productId: number) => ['favorites', 'check', productId] as const,
};

const useSignedIn = () => useSessionStore((state) => state.status === 'authenticated');

/** GET /api/favorites, only while someone is signed in. */
export function useFavorites() {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: favoriteKeys.list,
    queryFn: () => api.get('favorites').json<Favorite[]>(),
    enabled: signedIn,
  });
}

/** Whether a card's heart is filled: read from the favorites list. */
export function useIsFavorite(productId: number): boolean {
  const { data } = useFavorites();
  return data?.some((favorite) => favorite.productId === productId) ?? false;
}

/** GET /api/favorites/check/{id}: the product page's Watch/Watching state. */
export function useFavoriteCheck(productId: number) {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: favoriteKeys.check(productId),
    queryFn: () => api.get(`favorites/check/${productId}`).json<{ isFavorited: boolean }>(),
    enabled: signedIn && productId > 0,
  });
}

interface ToggleInput {
  product: Product;
  favorite: boolean;
}

type Snapshot = [readonly unknown[], unknown][];

function applyOptimistic(client: QueryClient, { product, favorite }: ToggleInput): void {
  client.setQueryData<Favorite[]>(favoriteKeys.list, (list) => {
    if (!list) return list;
    const rest = list.filter((entry) => entry.productId !== product.id);
    const added = { id: -product.id, productId: product.id, createdAt: new Date().toISOString(), product };
    return favorite ? [added, ...rest] : rest;
  });
  client.setQueryData(favoriteKeys.check(product.id), { isFavorited: favorite });
}

export interface FavoriteToggleOptions {
  /** The error toast's message; the card's wording by default. */
  failure?: string;
  /** Toast 'Added to watch list' / 'Removed from watch list' on success. */
  announce?: boolean;
}

/** Optimistic heart/watch toggle: shows at once, rolls back with a toast when the server refuses. */
export function useFavoriteToggle({
  failure = 'Failed to update favorites. Please try again.',
  announce = false,
}: FavoriteToggleOptions = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ product, favorite }: ToggleInput) => {
      if (favorite) await api.post('favorites', { json: { productId: product.id } });
      else await api.delete(`favorites/${product.id}`);
    },
    onMutate: async (input): Promise<Snapshot> => {
      await client.cancelQueries({ queryKey: favoriteKeys.list });
      const snapshot = client.getQueriesData({ queryKey: favoriteKeys.list });
      applyOptimistic(client, input);
      return snapshot;
    },
    onError: (_error, _input, snapshot) => {
      snapshot?.forEach(([key, data]) => client.setQueryData(key, data));
      notifyError(failure);
    },
    onSuccess: (_data, { favorite }) => {
      if (announce) notifySuccess(favorite ? 'Added to watch list' : 'Removed from watch list');
    },
    onSettled: (_data, _error, { product }) => {
      void client.invalidateQueries({ queryKey: favoriteKeys.list });
      void client.invalidateQueries({ queryKey: productKeys.detail(product.id) });
    },
  });
}
