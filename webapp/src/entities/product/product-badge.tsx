import { Badge, type MantineSize } from '@mantine/core';
import { badgeLabel } from './catalog-enums';
import type { ProductBadge as BadgeValue } from './product';

const COLORS: Record<BadgeValue, string> = {
  just_listed: 'brand',
  price_drop: 'orange',
  reserved: 'gray',
  verified: 'blue',
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
