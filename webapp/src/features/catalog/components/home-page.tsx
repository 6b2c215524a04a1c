import { Alert, Container, Stack } from '@mantine/core';
import { ProductGrid } from '@/entities/product/product-grid';
import { useFirstViewHandoff } from '@/lib/first-view';
import { useDeferredData } from '@/lib/use-deferred-data';
import { useProductRow } from '../api';
import { BrandTiles } from './brand-tiles';
import { CategoryTiles } from './category-tiles';
import { HomeHero } from './home-hero';
import { SectionHeader } from './section-header';
import { SellCta } from './sell-cta';
import { TrendingStyles } from './trending-styles';

const ROW_COLS = { base: 2, '820px': 4 };

/** Home: hero, brand tiles, Most Watched, category tiles, Trending Styles, sell call to action. */
export default function HomePage() {
  const mostWatched = useProductRow('most_popular', 4);
  const { data: row, waiting: loading } = useDeferredData(mostWatched);
  const watched = row?.items ?? [];
  // The hero's words need no data: the first view gives way as soon as the page renders.
  useFirstViewHandoff(true);

  return (
    <Container size="xl" py="xl">
      <Stack gap={48}>
        <HomeHero products={watched} loading={loading} />
        <BrandTiles />
        <section aria-labelledby="home-most-watched">
          <SectionHeader
            id="home-most-watched"
            title="Most Watched"
            subtitle="The pieces shoppers keep coming back to"
            linkLabel="Shop all"
            linkTo="/marketplace?sort=most_popular"
          />
          {mostWatched.isError ? (
            <Alert color="red" title="Failed to load products" role="alert">
              Refresh the page to try again.
            </Alert>
          ) : (
            <ProductGrid products={watched} loadingCount={loading ? 4 : 0} cols={ROW_COLS} />
          )}
        </section>
        <CategoryTiles />
        <TrendingStyles />
        <SellCta />
      </Stack>
    </Container>
  );
}
