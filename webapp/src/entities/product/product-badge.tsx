import { Badge, type MantineSize } from '@mantine/core';
import { badgeLabel } from './catalog-enums';
import type { ProductBadge as BadgeValue } from './product';

/** Shades whose white label reaches 4.5:1 (orange never does: Price Drop is red). */
const COLORS: Record<BadgeValue, string> = {
  just_listed: 'brand.7',
  price_drop: 'red.9',
  reserved: 'gray.7',
  verified: 'blue.8',
};

/** 'Just Listed', 'Price Drop', 'Reserved' or 'Verified Authentic'. */
interface ProductBadgeProps {
  badge: BadgeValue | null;
  className?: string;
  size?: MantineSize;
}

export function ProductBadge({ badge, className, size = 'md' }: ProductBadgeProps) {
  if (!badge) return null;
  return (
    <Badge className={className} color={COLORS[badge] ?? 'gray'} variant="filled" radius="sm" size={size}>
      {badgeLabel(badge)}
    </Badge>
  );
}
