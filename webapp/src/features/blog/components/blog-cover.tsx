import { AspectRatio } from '@mantine/core';
import { IconHanger } from '@tabler/icons-react';
import { useState } from 'react';
import classes from './blog.module.css';

interface BlogCoverProps {
  imageUrl: string | null;
  title: string;
  ratio?: number;
  /** Above the fold (the first card, a post's own cover): the page's largest paint, so it
   * loads at once, first among images. */
  eager?: boolean;
}

/** A post's cover photo, or a calm branded placeholder when it has none (or it fails to load). */
export function BlogCover({ imageUrl, title, ratio = 16 / 9, eager = false }: BlogCoverProps) {
  const [failed, setFailed] = useState(false);
  return (
    <AspectRatio ratio={ratio}>
      {imageUrl && !failed ? (
        <img
          src={imageUrl}
          alt={`Cover for ${title}`}
          className={classes.cover}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
          width={1200}
          height={Math.round(1200 / ratio)}
          referrerPolicy="no-referrer"
          onError={() => setFailed(true)}
        />
      ) : (
        <div className={classes.placeholder} aria-hidden>
          <IconHanger size={48} stroke={1.4} />
        </div>
      )}
    </AspectRatio>
  );
}
