import { CATEGORIES, CONDITIONS, SIZES } from '@/entities/product/catalog-enums';

/** The shop's search, filters and sort. They live in the URL so a link reproduces the view. */
export const SORTS = [
  { value: 'most_recent', label: 'Most Recent' },
  { value: 'price_low_high', label: 'Price: Low to High' },
  { value: 'price_high_low', label: 'Price: High to Low' },
  { value: 'most_popular', label: 'Most Popular' },
] as const;

export type SortValue = (typeof SORTS)[number]['value'];
export const DEFAULT_SORT: SortValue = 'most_recent';

export interface ProductFilters {
  q: string;
  brands: string[];
  categories: string[];
  sizes: string[];
  conditions: string[];
  minPrice: string;
  maxPrice: string;
  sort: SortValue;
}

export const EMPTY_FILTERS: ProductFilters = {
  q: '', brands: [], categories: [], sizes: [], conditions: [], minPrice: '', maxPrice: '', sort: DEFAULT_SORT,
};

type ListKey = 'brands' | 'categories' | 'sizes' | 'conditions';

/** URL name of each list (repeatable, lower case, as the spec's ?brand= and ?category=). */
const LIST_PARAMS: Record<ListKey, string> = {
  brands: 'brand', categories: 'category', sizes: 'size', conditions: 'condition',
};
const ALLOWED: Partial<Record<ListKey, Set<string>>> = {
  categories: new Set(CATEGORIES.map((choice) => choice.value)),
  sizes: new Set(SIZES.map((choice) => choice.value)),
  conditions: new Set(CONDITIONS.map((choice) => choice.value)),
};
const PRICE = /^\d+(\.\d{0,2})?$/;

function readList(params: URLSearchParams, key: ListKey): string[] {
  const values = params.getAll(LIST_PARAMS[key]).map((value) => value.trim().replace(/\s+/g, ' ').toLowerCase());
  const allowed = ALLOWED[key];
  return [...new Set(values)].filter((value) => value && (!allowed || allowed.has(value)));
}

function readPrice(value: string | null): string {
  const text = (value ?? '').trim();
  return PRICE.test(text) ? text : '';
}

function readSort(value: string | null): SortValue {
  return SORTS.find((sort) => sort.value === value)?.value ?? DEFAULT_SORT;
}

export function filtersFromParams(params: URLSearchParams): ProductFilters {
  return {
    q: (params.get('q') ?? '').trim(),
    brands: readList(params, 'brands'),
    categories: readList(params, 'categories'),
    sizes: readList(params, 'sizes'),
    conditions: readList(params, 'conditions'),
    minPrice: readPrice(params.get('minPrice')),
    maxPrice: readPrice(params.get('maxPrice')),
    sort: readSort(params.get('sort')),
  };
}

/** The query string for these filters; defaults are left out so links stay short. */
export function filtersToParams(filters: ProductFilters, withSort = true): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  (Object.keys(LIST_PARAMS) as ListKey[]).forEach((key) =>
    filters[key].forEach((value) => params.append(LIST_PARAMS[key], value.toLowerCase())),
  );
  if (filters.minPrice) params.set('minPrice', filters.minPrice);
  if (filters.maxPrice) params.set('maxPrice', filters.maxPrice);
  if (withSort && filters.sort !== DEFAULT_SORT) params.set('sort', filters.sort);
  return params;
}

/** How many filters narrow the results (search text and sort not counted). */
export function activeFilterCount(filters: ProductFilters): number {
  const lists = filters.brands.length + filters.categories.length + filters.sizes.length + filters.conditions.length;
  return lists + (filters.minPrice ? 1 : 0) + (filters.maxPrice ? 1 : 0);
}

export function toggleValue(list: string[], value: string): string[] {
  const wanted = value.toLowerCase();
  return list.includes(wanted) ? list.filter((item) => item !== wanted) : [...list, wanted];
}
