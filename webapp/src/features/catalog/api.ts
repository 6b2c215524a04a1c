import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys, type Product, type ProductPage } from '@/entities/product/product';
import { EMPTY_FILTERS, filtersToParams, type ProductFilters, type SortValue } from './filters';
import type { ListingValues } from './listing-validation';

/** Server data of the catalog: search pages, facets, one product, listing changes. */
export const FIRST_PAGE = 12;
export const NEXT_PAGE = 8;

export interface FacetCount {
  value: string;
  count: number;
}

export interface Facets {
  brands: FacetCount[];
  categories: FacetCount[];
  sizes: FacetCount[];
  conditions: FacetCount[];
  /** The corrected words counted when the typed ones matched nothing. */
  didYouMean?: string | null;
}

function getProducts(params: URLSearchParams): Promise<ProductPage> {
  return api.get('products', { searchParams: params }).json<ProductPage>();
}

/** GET /api/products page by page: 12 first, then 8 more per nextCursor. */
export function useProductSearch(filters: ProductFilters) {
  return useInfiniteQuery({
    queryKey: [...productKeys.all, 'search', filtersToParams(filters).toString()],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const params = filtersToParams(filters);
      params.set('limit', String(pageParam ? NEXT_PAGE : FIRST_PAGE));
      if (pageParam) params.set('cursor', pageParam);
      return getProducts(params);
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}

export interface SearchSuggestions {
  brands: FacetCount[];
  categories: string[];
  words: string[];
}

const NO_SUGGESTIONS: SearchSuggestions = { brands: [], categories: [], words: [] };

/** GET /api/products/suggestions for what is typed in the header's search box. */
export function useSearchSuggestions(q: string) {
  const typed = q.trim();
  return useQuery({
    queryKey: [...productKeys.all, 'suggestions', typed],
    queryFn: () => api.get('products/suggestions', { searchParams: { q: typed } }).json<SearchSuggestions>(),
    enabled: typed.length > 0,
    staleTime: 30_000,
    placeholderData: (previous) => previous ?? NO_SUGGESTIONS,
  });
}

/** A short row of products (home page rows, a seller's listings). */
export function useProductRow(sort: SortValue, limit: number) {
  return useQuery({
    queryKey: [...productKeys.all, 'row', sort, limit],
    queryFn: () => getProducts(new URLSearchParams({ sort, limit: String(limit) })),
  });
}

/**
 * Facet counts for the sidebar, for the search text and price range (not the ticked boxes).
 * Words that match nothing are counted as the server corrects them (`didYouMean`), unless `exact`.
 */
export function facetsQuery(filters: Pick<ProductFilters, 'q' | 'exact' | 'minPrice' | 'maxPrice'>) {
  const { q, exact, minPrice, maxPrice } = filters;
  const params = filtersToParams({ ...EMPTY_FILTERS, q, exact, minPrice, maxPrice }, false);
  return queryOptions({
    queryKey: [...productKeys.all, 'facets', params.toString()],
    queryFn: () => api.get('products/facets', { searchParams: params }).json<Facets>(),
  });
}

export function useFacets(filters: Pick<ProductFilters, 'q' | 'exact' | 'minPrice' | 'maxPrice'>) {
  return useQuery(facetsQuery(filters));
}

/** GET /api/products/:id/similar: up to 12 available listings like this one (search cards). */
export function useSimilarProducts(id: number) {
  return useQuery({
    queryKey: [...productKeys.detail(id), 'similar'],
    queryFn: () => api.get(`products/${id}/similar`).json<{ items: Product[] }>(),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useProduct(id: number) {
  return useQuery({
    queryKey: productKeys.detail(id),
    queryFn: () => api.get(`products/${id}`).json<Product>(),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** The form's fields plus its photos, as POST/PUT /api/products take them. */
export interface ListingInput extends ListingValues {
  /** Existing photo URLs of this listing (to keep, in order) and/or new data URLs. */
  images: string[];
}

export function useSaveListing(editId?: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ListingInput) =>
      (editId
        ? api.put(`products/${editId}`, { json: input })
        : api.post('products', { json: input })
      ).json<Product>(),
    onSuccess: (product) => {
      client.setQueryData(productKeys.detail(product.id), product);
      void client.invalidateQueries({
        queryKey: productKeys.all,
        predicate: (q) => q.queryKey[1] !== 'detail',
      });
    },
  });
}

export function useDeleteListing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`products/${id}`),
    onSuccess: (_data, id) => {
      client.removeQueries({ queryKey: productKeys.detail(id) });
      void client.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}
