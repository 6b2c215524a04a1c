import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ProductLayout } from '@/entities/product/product-card';
import { EMPTY_FILTERS, filtersFromParams, filtersToParams, type ProductFilters } from './filters';

/** The shop's filters and grid/list choice, read from and written to the URL. */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const filters = useMemo(() => filtersFromParams(new URLSearchParams(key)), [key]);
  const layout: ProductLayout = params.get('view') === 'list' ? 'list' : 'grid';

  const write = useCallback(
    (next: ProductFilters, nextLayout: ProductLayout, replace = false) => {
      const query = filtersToParams(next);
      if (nextLayout === 'list') query.set('view', 'list');
      // flushSync: a ticked box stays ticked; a transition would let it flicker back first.
      setParams(query, { replace, flushSync: true });
    },
    [setParams],
  );

  return {
    filters,
    layout,
    update: (change: Partial<ProductFilters>) => write({ ...filters, ...change }, layout),
    clear: () => write({ ...EMPTY_FILTERS, q: filters.q, sort: filters.sort }, layout),
    setLayout: (next: ProductLayout) => write(filters, next, true),
  };
}
