import { Box, Button, Container, Drawer, Grid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { copy } from '@/lib/first-view.json';
import { useShownFrom } from '@/lib/use-shown-from';
import { facetsQuery } from '../api';
import { activeFilterCount, type ProductFilters } from '../filters';
import { useUrlFilters } from '../use-url-filters';
import { FilterSidebar } from './filter-sidebar';
import { MarketplaceToolbar } from './marketplace-toolbar';
import classes from './marketplace-page.module.css';
import { ProductResults } from './product-results';

/** /marketplace: search, filters (sidebar; a drawer on phones), sort, grid or list, infinite scroll. */
export default function MarketplacePage() {
  const { filters, layout, update, clear, setLayout } = useUrlFilters();
  const [drawerOpen, drawer] = useDisclosure(false);
  const active = activeFilterCount(filters);
  // The sidebar is rendered only where it shows (a laptop); a phone has it in the drawer,
  // whose facet counts are asked for with the page, as the sidebar would.
  const sidebarShown = useShownFrom('md');
  const queryClient = useQueryClient();
  const { q, exact, minPrice, maxPrice } = filters;
  useEffect(() => {
    if (!sidebarShown) void queryClient.prefetchQuery(facetsQuery({ q, exact, minPrice, maxPrice }));
  }, [sidebarShown, queryClient, q, exact, minPrice, maxPrice]);
  const sidebar = (withHeading = true) => (
    <FilterSidebar
      filters={filters}
      onChange={(next: Partial<ProductFilters>) => update(next)}
      onClear={clear}
      withHeading={withHeading}
    />
  );

  return (
    <Container size={1680} py="xl">
      <Stack gap={4} mb="lg">
        <Title order={1} fz={{ base: 28, sm: 34 }}>
          {copy.marketplaceTitle}
        </Title>
        <Text c="dimmed">{copy.marketplaceText}</Text>
      </Stack>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 3, xl: 2 }} visibleFrom="md">
          {sidebarShown && <Box className={classes.filters}>{sidebar()}</Box>}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9, xl: 10 }}>
          <Stack gap="md">
            <MarketplaceToolbar
              q={filters.q}
              sort={filters.sort}
              layout={layout}
              activeFilters={active}
              onSort={(sort) => update({ sort })}
              onLayout={setLayout}
              onOpenFilters={drawer.open}
              filters={filters}
            />
            <ProductResults
              filters={filters}
              layout={layout}
              onClear={clear}
              onSearchExact={() => update({ exact: true })}
            />
          </Stack>
        </Grid.Col>
      </Grid>
      <Drawer
        opened={drawerOpen}
        onClose={drawer.close}
        title="Filters"
        position="left"
        size="sm"
        hiddenFrom="md"
      >
        {sidebar(false)}
        <Button fullWidth mt="lg" onClick={drawer.close}>
          Show results
        </Button>
      </Drawer>
    </Container>
  );
}
