import { Button, Container, EmptyState, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconHeart } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { authPath } from '@/entities/session/return-to';
import { LayoutToggle } from '@/entities/product/layout-toggle';
import type { ProductLayout } from '@/entities/product/product-card';
import { ProductGrid } from '@/entities/product/product-grid';
import { isApiError } from '@/lib/api-client';
import { useFavorites } from '@/entities/favorites/favorites';
import { notifyError } from '@/lib/notify';
import { FAVORITE_SORTS, sortFavorites, type FavoriteSort } from '../sort';
import { LoadFailed } from '@/components/load-failed';
import { formatCountOf } from '@/lib/formatters';

const REMOVE_OPTIONS = { announce: true, failure: 'Failed to remove item from watch list' };

function Failed({ onRetry }: { onRetry: () => void }) {
  return (
    <LoadFailed
      title="Failed to load watched items"
      description="There was an error loading your favorites. Please try again later."
      onRetry={onRetry}
    />
  );
}

function Empty() {
  return (
    <EmptyState
      title="Your watch list is empty"
      icon={<IconHeart />}
      withIndicatorBackground
      py="xl"
      description="Tap the heart on any item to save it here and keep an eye on it."
    >
      <EmptyState.Actions>
        <Button component={Link} to="/marketplace">
          Browse Marketplace
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}

/** /watchlist and /favorites: everything the signed-in member saved, sortable, grid or list. */
export default function WatchlistPage() {
  const favorites = useFavorites();
  const navigate = useNavigate();
  const location = useLocation();
  const [sort, setSort] = useState<FavoriteSort>('recent');
  const [layout, setLayout] = useState<ProductLayout>('grid');
  const unauthorized = isApiError(favorites.error, 401);

  useEffect(() => {
    if (!unauthorized) return;
    notifyError('Please log in to view your favorites', 'Authentication required', { page: '/auth' });
    navigate(authPath(location), { replace: true });
  }, [unauthorized, navigate, location]);

  const items = sortFavorites(favorites.data ?? [], sort);
  const count = favorites.data ? formatCountOf(items.length, 'saved item') : 'Items you have saved';
  return (
    <Container size={1680} py="xl">
      <Group justify="space-between" align="end" mb="lg" gap="md">
        <Stack gap={4}>
          <Title order={1}>Your watch list</Title>
          <Text c="dimmed">{count}</Text>
        </Stack>
        <Group gap="sm">
          <Select
            aria-label="Sort saved items"
            data={FAVORITE_SORTS.map((option) => ({ ...option }))}
            value={sort}
            allowDeselect={false}
            onChange={(value) => value && setSort(value as FavoriteSort)}
            w={200}
          />
          <LayoutToggle visibleFrom="md" value={layout} onChange={setLayout} />
        </Group>
      </Group>
      {favorites.isError && !unauthorized && <Failed onRetry={() => void favorites.refetch()} />}
      {favorites.data && items.length === 0 && <Empty />}
      {!favorites.isError && (favorites.isPending || items.length > 0) && (
        <ProductGrid
          products={items.map((entry) => entry.product)}
          layout={layout}
          loadingCount={favorites.isPending ? 8 : 0}
          favoriteOptions={REMOVE_OPTIONS}
        />
      )}
    </Container>
  );
}
