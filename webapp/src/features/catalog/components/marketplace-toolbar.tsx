import { Button, Group, Indicator, Select } from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { LayoutToggle } from '@/entities/product/layout-toggle';
import { SaveSearchButton } from '@/entities/saved-search/save-search-button';
import { useSessionStore } from '@/entities/session/session-store';
import type { ProductLayout } from '@/entities/product/product-card';
import { sortChoices, type ProductFilters, type SortValue } from '../filters';

interface MarketplaceToolbarProps {
  q: string;
  sort: SortValue;
  layout: ProductLayout;
  activeFilters: number;
  onSort: (sort: SortValue) => void;
  onLayout: (layout: ProductLayout) => void;
  onOpenFilters: () => void;
  /** The filters "Save this search" saves (members only). */
  filters?: ProductFilters;
}

/**
 * Filters button (phones), sort select and the grid/list toggle. The search box is the
 * header's (every page has it, app/layout/site-header.tsx), which keeps the query in the URL.
 */
export function MarketplaceToolbar(props: MarketplaceToolbarProps) {
  const signedIn = useSessionStore((state) => state.status === 'authenticated');
  const f = props.filters;
  return (
    <Group gap="sm" wrap="wrap" align="end" justify="flex-end">
      {signedIn && f && (
        <SaveSearchButton
          query={{
            q: f.q,
            brand: f.brands,
            category: f.categories,
            size: f.sizes,
            condition: f.conditions,
            minPrice: f.minPrice || undefined,
            maxPrice: f.maxPrice || undefined,
          }}
        />
      )}
      <Indicator label={props.activeFilters} size={18} disabled={props.activeFilters === 0} hiddenFrom="md">
        <Button
          variant="default"
          leftSection={<IconAdjustmentsHorizontal size={16} />}
          onClick={props.onOpenFilters}
        >
          Filters
        </Button>
      </Indicator>
      {/* Its list mounts when it opens (as the header search's): Mantine keeps a select's
          dropdown in the page by default, and placing that hidden dropdown forced a style
          and layout pass and a second render in the shop's first commit. */}
      <Select
        aria-label="Sort by"
        comboboxProps={{ keepMounted: false }}
        data={sortChoices(props.q).map((sort) => ({ ...sort }))}
        value={props.sort}
        onChange={(value) => value && props.onSort(value as SortValue)}
        allowDeselect={false}
        w={{ base: 170, sm: 200 }}
      />
      <LayoutToggle value={props.layout} onChange={props.onLayout} visibleFrom="sm" />
    </Group>
  );
}
