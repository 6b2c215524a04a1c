import { CATEGORIES, CONDITIONS, SIZES } from '@/entities/product/catalog-enums';

/** The shop's search, filters and sort. They live in the URL so a link reproduces the view. */
export const SORTS = [
  { value: 'relevance', label: 'Relevance' },
  { value: 'most_recent', label: 'Most Recent' },
  { value: 'price_low_high', label: 'Price: Low to High' },
  { value: 'price_high_low', label: 'Price: High to Low' },
  { value: 'most_popular', label: 'Most Popular' },
] as const;

export type SortValue = (typeof SORTS)[number]['value'];
export const DEFAULT_SORT: SortValue = 'most_recent';

/** The server's default order: relevance when there are search words, else most recent. */
export function defaultSort(q: string): SortValue {
  return q.trim() ? 'relevance' : DEFAULT_SORT;
}

/** The sort menu's choices: relevance only means something with search words. */
export function sortChoices(q: string) {
  return SORTS.filter((sort) => sort.value !== 'relevance' || q.trim());
}

export interface ProductFilters {
  q: string;
  brands: string[];
  categories: string[];
  sizes: string[];
  conditions: string[];
  minPrice: string;
  maxPrice: string;
  sort: SortValue;
  /** Search the words as typed: the server does not correct typos (its `exact=true`). */
  exact?: boolean;
}

export const EMPTY_FILTERS: ProductFilters = {
  q: '',
  brands: [],
  categories: [],
  sizes: [],
  conditions: [],
  minPrice: '',
  maxPrice: '',
  sort: DEFAULT_SORT,
};

type ListKey = 'brands' | 'categories' | 'sizes' | 'conditions';

/** URL name of each list (repeatable, lower case, as the spec's ?brand= and ?category=). */
const LIST_PARAMS: Record<ListKey, string> = {
  brands: 'brand',
  categories: 'category',
  sizes: 'size',
  conditions: 'condition',
};
const ALLOWED: Partial<Record<ListKey, Set<string>>> = {
  categories: new Set(CATEGORIES.map((choice) => choice.value)),
  sizes: new Set(SIZES.map((choice) => choice.value)),
  conditions: new Set(CONDITIONS.map((choice) => choice.value)),
};
const PRICE = /^\d+(\.\d{0,2})?$/;

function readList(params: URLSearchParams, key: ListKey): string[] {
  const values = params
    .getAll(LIST_PARAMS[key])
    .map((value) => value.trim().replace(/\s+/g, ' ').toLowerCase());
  const allowed = ALLOWED[key];
  return [...new Set(values)].filter((value) => value && (!allowed || allowed.has(value)));
}

function readPrice(value: string | null): string {
  const text = (value ?? '').trim();
  return PRICE.test(text) ? text : '';
}

function readSort(value: string | null, q: string): SortValue {
  const sort = SORTS.find((choice) => choice.value === value)?.value;
  if (!sort || (sort === 'relevance' && !q)) return defaultSort(q);
  return sort;
}

export function filtersFromParams(params: URLSearchParams): ProductFilters {
  const q = (params.get('q') ?? '').trim();
  const filters: ProductFilters = {
    q,
    brands: readList(params, 'brands'),
    categories: readList(params, 'categories'),
    sizes: readList(params, 'sizes'),
    conditions: readList(params, 'conditions'),
    minPrice: readPrice(params.get('minPrice')),
    maxPrice: readPrice(params.get('maxPrice')),
    sort: readSort(params.get('sort'), q),
  };
  if (q && params.get('exact') === 'true') filters.exact = true;
  return filters;
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
  if (withSort && filters.sort !== defaultSort(filters.q)) params.set('sort', filters.sort);
  if (filters.exact && filters.q.trim()) params.set('exact', 'true');
  return params;
}

/** How many filters narrow the results (search text and sort not counted). */
export function activeFilterCount(filters: ProductFilters): number {
  const lists =
    filters.brands.length + filters.categories.length + filters.sizes.length + filters.conditions.length;
  return lists + (filters.minPrice ? 1 : 0) + (filters.maxPrice ? 1 : 0);
}

export function toggleValue(list: string[], value: string): string[] {
  const wanted = value.toLowerCase();
  return list.includes(wanted) ? list.filter((item) => item !== wanted) : [...list, wanted];
}

/** The filters for a new search from the search box: other filters kept, typo correction
 *  back on, and the order following the default (relevance with words) unless one was chosen. */
export function withSearch(filters: ProductFilters, q: string): ProductFilters {
  const text = q.trim();
  const sort = filters.sort === defaultSort(filters.q) ? defaultSort(text) : filters.sort;
  return { ...filters, q: text, exact: false, sort: sort === 'relevance' && !text ? DEFAULT_SORT : sort };
}
