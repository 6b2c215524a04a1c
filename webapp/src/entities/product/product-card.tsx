import { Avatar, Card, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import { conditionLabel, listingSizeLabel } from './catalog-enums';
import type { FavoriteToggleOptions } from '@/entities/favorites/favorites';
import { formatMoney, formatRating, NO_REVIEWS } from '@/lib/formatters';
import { coverThumbnail, type Product } from './product';
import { FavoriteButton } from '@/entities/favorites/favorite-button';
import { AddToBagIcon } from '@/entities/bag/add-to-bag-button';
import { ProductBadge } from './product-badge';
import { ProductImage } from './product-image';
import classes from './product-card.module.css';

export type ProductLayout = 'grid' | 'list';

interface ProductCardProps {
  product: Product;
  layout?: ProductLayout;
  /** How the heart words its outcome (the watch list page announces removals). */
  favoriteOptions?: FavoriteToggleOptions;
  /** The card is in the first row: its photo loads at once (`ProductImage`'s `eager`). */
  eager?: boolean;
}

/** The seller's avatar, name and rating (or that they have none yet). */
export function SellerLine({ product }: { product: Product }) {
  const seller = product.seller;
  const name = seller ? seller.username : 'Unknown User';
  return (
    // The name comes first: on a narrow phone card the rating wraps below it rather than
    // cutting the name to "lu…".
    <Group gap={6} wrap="wrap" mt={4} className={classes.seller} style={{ rowGap: 0 }}>
      <Group gap={6} wrap="nowrap" style={{ minWidth: 0, maxWidth: '100%' }}>
        <Avatar src={seller?.avatarUrl} alt="" name={seller?.displayName || name} size={20} color="brand" />
        <Text size="xs" c="dimmed" className={classes.meta}>
          {name}
        </Text>
      </Group>
      {seller?.ratingCount ? (
        <Group gap={2} wrap="nowrap">
          <IconStarFilled size={12} color="var(--mantine-color-yellow-6)" aria-hidden />
          <Text size="xs" c="dimmed">
            <VisuallyHidden>Seller rating </VisuallyHidden>
            {formatRating(seller.rating)}
          </Text>
        </Group>
      ) : (
        <Text size="xs" c="dimmed" span>
          {NO_REVIEWS}
        </Text>
      )}
    </Group>
  );
}

/** Every listed product: photo, badge, heart, price, title, brand · size · condition, seller.
 *  Memoised, as the feed's cards: the shop's results re-render when the search's state
 *  changes after the cards are in (a sync render of every card again, 100-130 ms on
 *  Lighthouse's 4x slower phone), and react-query keeps an unchanged listing the same object. */
export const ProductCard = memo(function ProductCard({
  product,
  layout = 'grid',
  favoriteOptions,
  eager = false,
}: ProductCardProps) {
  const details = [product.brand, listingSizeLabel(product), conditionLabel(product.condition)];
  return (
    <Card padding={0} className={`${classes.card} ${layout === 'list' ? classes.list : ''}`}>
      <div className={classes.media}>
        <ProductImage src={coverThumbnail(product)} alt={product.title} eager={eager} />
        {layout === 'grid' && <ProductBadge badge={product.badge} className={classes.badge} size="sm" />}
        <FavoriteButton product={product} className={classes.heart} options={favoriteOptions} />
        {product.status === 'available' && <AddToBagIcon product={product} className={classes.bag} />}
      </div>
      <div className={classes.body}>
        <Group gap="xs">
          <Text fw={700} size="md">
            {formatMoney(product.price)}
          </Text>
          {layout === 'list' && <ProductBadge badge={product.badge} size="sm" />}
        </Group>
        <Link to={`/product/${product.id}`} className={classes.link}>
          <Text size="sm" fw={500} className={classes.title} title={product.title}>
            {product.title}
          </Text>
        </Link>
        <Text size="xs" c="dimmed" className={classes.meta}>
          {details.filter(Boolean).join(' · ')}
        </Text>
        {layout === 'list' && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {product.description}
          </Text>
        )}
        <SellerLine product={product} />
      </div>
    </Card>
  );
});
