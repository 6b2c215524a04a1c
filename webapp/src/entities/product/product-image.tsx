import { AspectRatio, Center } from '@mantine/core';
import { IconShirt } from '@tabler/icons-react';
import classes from './product-card.module.css';

interface ProductImageProps {
  src: string | undefined;
  alt: string;
  ratio?: number;
  /** Above the fold: load at once, ahead of other images (the page's largest paint). */
  eager?: boolean;
  /** Other stored sizes of the same photo and how wide it is shown (responsive images). */
  srcSet?: string;
  sizes?: string;
}

/** Thumbnails are stored 400 px on their longest side (adapters/media.py). */
const THUMBNAIL_WIDTH = 400;

/**
 * A photo in a fixed-ratio box, so nothing shifts while it loads; a shirt icon when missing.
 * width/height give the browser the intrinsic size before the bytes arrive (no layout shift).
 */
export function ProductImage({ src, alt, ratio = 4 / 5, eager = false, srcSet, sizes }: ProductImageProps) {
  return (
    <AspectRatio ratio={ratio} className={classes.imageBox}>
      {src ? (
        <img
          src={src}
          srcSet={srcSet}
          sizes={srcSet ? sizes : undefined}
          alt={alt}
          width={THUMBNAIL_WIDTH}
          height={Math.round(THUMBNAIL_WIDTH / ratio)}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
          className={classes.image}
        />
      ) : (
        <Center role="img" aria-label={alt} c="dimmed">
          <IconShirt size={48} stroke={1.2} />
        </Center>
      )}
    </AspectRatio>
  );
}
