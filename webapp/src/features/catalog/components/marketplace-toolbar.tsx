import { Button, CloseButton, Group, Indicator, Select, TextInput } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { LayoutToggle } from '@/entities/product/layout-toggle';
import type { ProductLayout } from '@/entities/product/product-card';
import { SORTS, type SortValue } from '../filters';

interface MarketplaceToolbarProps {
  q: string;
  sort: SortValue;
  layout: ProductLayout;
  activeFilters: number;
  onSearch: (q: string) => void;
  onSort: (sort: SortValue) => void;
  onLayout: (layout: ProductLayout) => void;
  onOpenFilters: () => void;
}

/** Search box, Filters button (phones), sort select and the grid/list toggle. */
export function MarketplaceToolbar(props: MarketplaceToolbarProps) {
  const [text, setText] = useState(props.q);
  useEffect(() => setText(props.q), [props.q]);

  function submit(event: FormEvent) {
    event.preventDefault();
    props.onSearch(text.trim());
  }

  function clearSearch() {
    setText('');
    props.onSearch('');
  }

  return (
    <Group gap="sm" wrap="wrap" align="end">
      <form role="search" onSubmit={submit} style={{ flex: '1 1 260px' }}>
        <TextInput
          aria-label="Search listings"
          placeholder="Search for items, brands or styles"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          leftSection={<IconSearch size={16} />}
          rightSection={text ? <CloseButton aria-label="Clear search" onClick={clearSearch} /> : null}
        />
      </form>
      <Indicator label={props.activeFilters} size={18} disabled={props.activeFilters === 0} hiddenFrom="md">
        <Button variant="default" leftSection={<IconAdjustmentsHorizontal size={16} />} onClick={props.onOpenFilters}>
          Filters
        </Button>
      </Indicator>
      <Select
        aria-label="Sort by"
        data={SORTS.map((sort) => ({ ...sort }))}
        value={props.sort}
        onChange={(value) => value && props.onSort(value as SortValue)}
        allowDeselect={false}
        w={{ base: 170, sm: 200 }}
      />
      <LayoutToggle value={props.layout} onChange={props.onLayout} visibleFrom="sm" />
    </Group>
  );
}
