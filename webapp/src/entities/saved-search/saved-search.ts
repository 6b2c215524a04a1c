import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Product } from '@/entities/product/product';

/** The shop's query and filters as a saved search holds them (docs/selling.md, "Saved searches"). */
export interface SavedQuery {
  q: string;
  brand: string[];
  category: string[];
  size: string[];
  condition: string[];
  minPrice: string | null;
  maxPrice: string | null;
}

export interface SavedSearch {
  id: number;
  name: string;
  query: SavedQuery;
  /** Matches new since it was last opened. */
  newCount: number;
  createdAt: string;
  openedAt: string;
}

export interface SavedSearchMatches {
  search: SavedSearch;
  items: Product[];
  newIds: number[];
}

export const savedSearchKeys = {
  all: ['saved-searches'] as const,
  matches: (id: number) => ['saved-searches', 'matches', id] as const,
};

export function useSavedSearches(enabled = true) {
  return useQuery({
    queryKey: savedSearchKeys.all,
    queryFn: () =>
      api
        .get('saved-searches')
        .json<{ items: SavedSearch[] }>()
        .then((page) => page.items),
    enabled,
    staleTime: 30_000,
  });
}

export function useSavedSearchMatches(id: number | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: savedSearchKeys.matches(id ?? 0),
    queryFn: async () => {
      const found = await api.get(`saved-searches/${id}/matches`).json<SavedSearchMatches>();
      // Opening it starts its new count again.
      void client.invalidateQueries({ queryKey: savedSearchKeys.all, exact: true });
      return found;
    },
    enabled: id !== null,
  });
}

export interface SaveSearchInput {
  name?: string;
  query: {
    q?: string;
    brand?: string[];
    category?: string[];
    size?: string[];
    condition?: string[];
    minPrice?: string;
    maxPrice?: string;
  };
}

/** What saving a search came to: the server saves a search once per member, answering 201
 * with the new saved search, or 200 with the one the member already saved (docs/selling.md). */
export interface SaveSearchResult {
  search: SavedSearch;
  /** False when the member had already saved this search (no second copy was made). */
  created: boolean;
}

/** Where a saved search opens with its matches (the page's ?open=ID). */
export function savedSearchLink(id: number): string {
  return `/saved-searches?open=${id}`;
}

export function useSaveSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: SaveSearchInput): Promise<SaveSearchResult> => {
      const response = await api.post('saved-searches', { json: body });
      return { search: await response.json<SavedSearch>(), created: response.status === 201 };
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

export function useDeleteSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`saved-searches/${id}`),
    onSuccess: () => void client.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}
