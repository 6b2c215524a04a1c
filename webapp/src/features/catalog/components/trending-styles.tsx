import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { ProductImage } from '@/entities/product/product-image';
import { categoryLabel } from '@/entities/product/catalog-enums';
import type { Product } from '@/entities/product/product';
import { SectionHeader } from './section-header';

/** '#outerwear', '#levis': tags from the category and brand. */
export function hashtags(product: Pick<Product, 'category' | 'brand'>): string[] {
  const tag = (text: string) => `#${text.toLowerCase().replace(/[^a-z0-9]+/g, '')}`;
  return [tag(categoryLabel(product.category)), tag(product.brand)].filter((text) => text.length > 1);
}

function StyleCard({ product }: { product: Product }) {
  return (
    <Card padding={0} component={Link} to={`/product/${product.id}`} style={{ textDecoration: 'none' }}>
      <ProductImage src={product.images[0]} alt={product.title} ratio={1} />
      <Group gap={6} p="sm" pb={4}>
        {hashtags(product).map((tag) => (
          <Badge key={tag} variant="light" radius="sm" tt="none">
            {tag}
          </Badge>
        ))}
      </Group>
      <Text size="sm" px="sm" pb="sm" c="dimmed" truncate>
        Styled by {product.seller?.displayName || 'a Rethread member'}
      </Text>
    </Card>
  );
}

/** Three looks with hashtags; the style feed has the rest. */
export function TrendingStyles({ products, loading }: { products: Product[]; loading: boolean }) {
  return (
    <section aria-labelledby="home-trending">
      <SectionHeader id="home-trending" title="Trending Styles" subtitle="How the community is wearing it" />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        {loading
          ? [0, 1, 2].map((index) => <Skeleton key={index} h={320} radius="lg" />)
          : products.map((product) => <StyleCard key={product.id} product={product} />)}
      </SimpleGrid>
      <Group justify="center" mt="lg">
        <Button component={Link} to="/feed" variant="light" leftSection={<IconSparkles size={16} />}>
          See Style Feed
        </Button>
      </Group>
    </section>
  );
}
