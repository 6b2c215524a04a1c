import { Avatar } from '@mantine/core';
import { IconShirt } from '@tabler/icons-react';
import type { OfferProduct } from './offer';

/** The listing's cover thumbnail, square, with the title as alt text. */
export function OfferThumb({ product, size = 64 }: { product: OfferProduct; size?: number }) {
  const src = product.thumbnails[0] ?? product.images[0];
  return (
    <Avatar src={src} alt={product.title} size={size} radius="md" variant="light">
      <IconShirt size={size / 2} aria-hidden />
    </Avatar>
  );
}
