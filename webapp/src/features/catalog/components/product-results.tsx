import { Anchor, Box, Button, Center, EmptyState, Stack, Text } from '@mantine/core';
import { IconMoodEmpty } from '@tabler/icons-react';
import type { ProductLayout } from '@/entities/product/product-card';
import { LoadFailed } from '@/components/load-failed';
import { ProductGrid } from '@/entities/product/product-grid';
import { itemCount } from '@/entities/product/product';
import { FIRST_PAGE, NEXT_PAGE, useProductSearch } from '../api';
import type { ProductFilters } from '../filters';
import { useFirstViewHandoff } from '@/lib/first-view';
import { formatCount } from '@/lib/formatters';
import { useDeferredData } from '@/lib/use-deferred-data';
import { useInfiniteTrigger } from '@/lib/use-infinite-trigger';

interface ProductResultsProps {
  filters: ProductFilters;
  layout: ProductLayout;
  onClear: () => void;
  /** Search the typed words as they are (after the server corrected them). */
  onSearchExact: () => void;
}

/** "Showing results for jacket" with a way back to the words as typed. */
function Corrected({
  corrected,
  typed,
  onSearchExact,
}: {
  corrected: string;
  typed: string;
  onSearchExact: () => void;
}) {
  return (
    <Text size="sm">
      Showing results for <strong>{corrected}</strong>.{' '}
      <Anchor component="button" type="button" size="sm" onClick={onSearchExact}>
        Search instead for {typed}
      </Anchor>
    </Text>
  );
}

/** The search failed: no answer (Try Again), or a refused filter, e.g. a price range whose
 *  minimum is above its maximum (the server's sentence, and Clear filters). */
function Failed({ error, onRetry, onClear }: { error: unknown; onRetry: () => void; onClear: () => void }) {
  return (
    <LoadFailed
      title="Failed to load products"
      description="Check your connection and try again."
      onRetry={onRetry}
      error={error}
      fix={<Button onClick={onClear}>Clear filters</Button>}
    />
  );
}

/** Search results: skeletons, error, empty state, or the grid with infinite scroll. */
export function ProductResults({ filters, layout, onClear, onSearchExact }: ProductResultsProps) {
  const search = useProductSearch(filters);
  // Until a new page of cards has rendered in the background, the grid shows the last one.
  const { data, waiting } = useDeferredData(search);
  const more = () => void (search.hasNextPage && !search.isFetchingNextPage && search.fetchNextPage());
  const trigger = useInfiniteTrigger<HTMLDivElement>(
    more,
    Boolean(search.hasNextPage) && !search.isFetchingNextPage,
  );
  // The marketplace's first view (the newest listings) stays until the results are here.
  useFirstViewHandoff(!waiting);

  if (waiting) return <ProductGrid products={[]} layout={layout} loadingCount={FIRST_PAGE} />;
  if (data === undefined)
    return <Failed error={search.error} onRetry={() => void search.refetch()} onClear={onClear} />;

  const products = data.pages.flatMap((page) => page.items);
  const first = data.pages[0] ?? { total: 0, didYouMean: null };
  const corrected = first.didYouMean ? (
    <Corrected corrected={first.didYouMean} typed={filters.q} onSearchExact={onSearchExact} />
  ) : null;
  if (products.length === 0) {
    return (
      <EmptyState
        title="No products found matching your filters."
        icon={<IconMoodEmpty />}
        withIndicatorBackground
        py="xl"
        description="Try fewer filters, a wider price range or another search."
      >
        <EmptyState.Actions>
          <Button onClick={onClear}>Clear filters</Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }

  return (
    <Stack gap="md">
      {corrected}
      <Text size="sm" c="dimmed" role="status">
        {itemCount(first)}
      </Text>
      <ProductGrid
        products={products}
        layout={layout}
        loadingCount={search.isFetchingNextPage ? NEXT_PAGE : 0}
      />
      <Box ref={trigger} />
      {search.hasNextPage && (
        <Center>
          <Button variant="default" onClick={more} loading={search.isFetchingNextPage}>
            Load more
          </Button>
        </Center>
      )}
      {search.isFetchNextPageError && (
        <Text c="red" ta="center" size="sm">
          Failed to load products. Use Load more to try again.
        </Text>
      )}
      {!search.hasNextPage && products.length > FIRST_PAGE && (
        <Center c="dimmed">
          <Text size="sm">You have seen all {formatCount(products.length)} items.</Text>
        </Center>
      )}
    </Stack>
  );
}
