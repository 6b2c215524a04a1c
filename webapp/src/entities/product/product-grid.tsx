import { AspectRatio, Card, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import type { FavoriteToggleOptions } from '@/entities/favorites/favorites';
import type { Product } from './product';
import { ProductCard, type ProductLayout } from './product-card';

/**
 * Columns follow the space the grid gets (a container query), not the window: 2 on phones,
 * 3–4 beside a sidebar on a laptop, 5–6 on wide screens.
 */
const GRID_COLS = { base: 2, '560px': 3, '820px': 4, '1080px': 5, '1320px': 6 };

/**
 * The first cards are above the fold on a phone and a laptop: their photos load at once and
 * first (one of them is the page's largest paint); the rest wait until scrolled near.
 */
export const EAGER_CARDS = 4;

export function ProductCardSkeleton() {
  return (
    <Card padding={0} aria-hidden data-behind-first-view>
      <AspectRatio ratio={4 / 5}>
        <Skeleton radius={0} />
      </AspectRatio>
      <Stack gap={8} p="sm">
        <Skeleton height={16} width="40%" />
        <Skeleton height={12} width="90%" />
        <Skeleton height={10} width="70%" />
      </Stack>
    </Card>
  );
}

interface ProductGridProps {
  products: Product[];
  layout?: ProductLayout;
  /** Skeleton cards appended while more are loading. */
  loadingCount?: number;
  cols?: Record<string, number>;
  favoriteOptions?: FavoriteToggleOptions;
}

/** A responsive grid (or a list) of product cards, with skeletons for what is still loading. */
export function ProductGrid({
  products,
  layout = 'grid',
  loadingCount = 0,
  cols = GRID_COLS,
  favoriteOptions,
}: ProductGridProps) {
  const skeletons = Array.from({ length: loadingCount }, (_, index) => (
    <ProductCardSkeleton key={`s${index}`} />
  ));
  const cards = products.map((product, index) => (
    <ProductCard
      key={product.id}
      product={product}
      layout={layout}
      favoriteOptions={favoriteOptions}
      eager={index < EAGER_CARDS}
    />
  ));
  if (layout === 'list') {
    return (
      <Stack gap="sm" aria-busy={loadingCount > 0}>
        {cards}
        {skeletons}
      </Stack>
    );
  }
  return (
    <SimpleGrid type="container" cols={cols} spacing="md" verticalSpacing="lg" aria-busy={loadingCount > 0}>
      {cards}
      {skeletons}
    </SimpleGrid>
  );
}
