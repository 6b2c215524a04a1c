import { Center, Stack } from '@mantine/core';
import { IconShirt } from '@tabler/icons-react';
import { useState } from 'react';
import type { Product } from '@/entities/product/product';
import classes from './product-gallery.module.css';

/** The photos: a large one (the cover first) and thumbnail buttons that switch it. */
export function ProductGallery({ product }: { product: Product }) {
  const [index, setIndex] = useState(0);
  const images = product.images;
  const current = images[Math.min(index, images.length - 1)];
  const count = images.length;

  return (
    <Stack gap="sm">
      <div className={classes.main}>
        {current ? (
          <img
            src={current}
            alt={count > 1 ? `${product.title}, photo ${index + 1} of ${count}` : product.title}
            className={classes.mainImage}
            fetchPriority="high"
          />
        ) : (
          <Center role="img" aria-label={product.title} c="dimmed">
            <IconShirt size={96} stroke={1} />
          </Center>
        )}
      </div>
      {count > 1 && (
        <div className={classes.thumbs} role="group" aria-label="Photos">
          {images.map((image, position) => (
            <button
              key={image}
              type="button"
              className={classes.thumb}
              aria-label={`Show photo ${position + 1} of ${count}`}
              aria-current={position === index}
              onClick={() => setIndex(position)}
            >
              <img
                src={product.thumbnails[position] ?? image}
                alt=""
                loading="lazy"
                className={classes.thumbImage}
              />
            </button>
          ))}
        </div>
      )}
    </Stack>
  );
}
