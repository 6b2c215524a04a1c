import { Button, Group, Indicator, Select } from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { LayoutToggle } from '@/entities/product/layout-toggle';
import type { ProductLayout } from '@/entities/product/product-card';
import { sortChoices, type SortValue } from '../filters';

interface MarketplaceToolbarProps {
  q: string;
  sort: SortValue;
  layout: ProductLayout;
  activeFilters: number;
  onSort: (sort: SortValue) => void;
  onLayout: (layout: ProductLayout) => void;
  onOpenFilters: () => void;
}

/**
 * Filters button (phones), sort select and the grid/list toggle. The search box is the
 * header's (every page has it, app/layout/site-header.tsx), which keeps the query in the URL.
 */
export function MarketplaceToolbar(props: MarketplaceToolbarProps) {
  return (
    <Group gap="sm" wrap="wrap" align="end" justify="flex-end">
      <Indicator label={props.activeFilters} size={18} disabled={props.activeFilters === 0} hiddenFrom="md">
        <Button variant="default" leftSection={<IconAdjustmentsHorizontal size={16} />} onClick={props.onOpenFilters}>
          Filters
        </Button>
      </Indicator>
      <Select
        aria-label="Sort by"
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
