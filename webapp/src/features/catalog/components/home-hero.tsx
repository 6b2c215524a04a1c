import { Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { Product } from '@/entities/product/product';
import { copy } from '@/lib/first-view.json';
import classes from './home-page.module.css';

/** The first screen (its words are the first view's, `copy` in lib/first-view.json): tagline, the savings claim, two ways in, and a few real photos. */
export function HomeHero({ products, loading }: { products: Product[]; loading: boolean }) {
  const photos = products.filter((product) => product.images.length > 0).slice(0, 3);
  // React's id, not a fixed one: the first view (rendered at build time, ids `_R_…`) is still
  // in the page while the app renders this (ids `_r_…`), so a fixed id would be there twice.
  const titleId = useId();
  return (
    <section className={classes.hero} aria-labelledby={titleId}>
      <SimpleGrid
        cols={{ base: 1, md: 2 }}
        spacing={{ base: 'md', md: 'xl' }}
        style={{ alignItems: 'center' }}
      >
        <Stack gap="sm">
          <Title id={titleId} order={1} className={classes.title}>
            {copy.heroTitle}
          </Title>
          <Text size="lg" c="dimmed" className={classes.longer}>
            {copy.heroText}
          </Text>
          <Text fw={700} size="lg" c="brand">
            {copy.heroClaim}
          </Text>
          <Group>
            <Button component={Link} to="/marketplace" size="sm">
              {copy.shopNow}
            </Button>
            <Button component={Link} to="/create-listing" size="sm" variant="outline">
              {copy.startSelling}
            </Button>
          </Group>
        </Stack>
        <div className={classes.mosaic} aria-hidden={loading}>
          {loading
            ? [0, 1, 2].map((index) => <Skeleton key={index} className={classes.mosaicItem} />)
            : photos.map((product) => (
                <Link key={product.id} to={`/product/${product.id}`} className={classes.mosaicItem}>
                  <img src={product.images[0]} alt={product.title} className={classes.mosaicImage} />
                </Link>
              ))}
        </div>
      </SimpleGrid>
    </section>
  );
}
