import { AspectRatio } from '@mantine/core';
import { IconHanger } from '@tabler/icons-react';
import { useState } from 'react';
import classes from './blog.module.css';

/** The list's grid (Container lg): 1 column on phones, 2 from 48em, 3 from 75em. */
export const LIST_COVER_SIZES =
  '(min-width: 75em) 356px, (min-width: 48em) calc(50vw - 26px), calc(100vw - 32px)';
/** A post's own cover, the width of its Container md. */
export const POST_COVER_SIZES = '(min-width: 60em) 928px, calc(100vw - 32px)';
// A cover's sizes as stored (adapters/media.py): the display size is at most 1200 px wide,
// its copy at most 900 px (covers are mostly landscape, so those are their widths).
const DISPLAY_WIDTH = 1200;
const MEDIUM_WIDTH = 900;

interface BlogCoverProps {
  imageUrl: string | null;
  /** The cover's 900 px copy, offered beside it in `srcset` (phones and the list's cards). */
  mediumUrl?: string | null;
  /** How wide the cover is shown (`sizes`). */
  sizes?: string;
  title: string;
  ratio?: number;
  /** Above the fold (the first card, a post's own cover): the page's largest paint, so it
   * loads at once, first among images. */
  eager?: boolean;
}

/** A post's cover photo, or a calm branded placeholder when it has none (or it fails to load). */
export function BlogCover({
  imageUrl,
  mediumUrl = null,
  sizes = POST_COVER_SIZES,
  title,
  ratio = 16 / 9,
  eager = false,
}: BlogCoverProps) {
  const srcSet =
    mediumUrl && mediumUrl !== imageUrl
      ? `${mediumUrl} ${MEDIUM_WIDTH}w, ${imageUrl} ${DISPLAY_WIDTH}w`
      : undefined;
  const [failed, setFailed] = useState(false);
  return (
    <AspectRatio ratio={ratio}>
      {imageUrl && !failed ? (
        <img
          src={imageUrl}
          srcSet={srcSet}
          sizes={srcSet ? sizes : undefined}
          alt={`Cover for ${title}`}
          className={classes.cover}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
          width={DISPLAY_WIDTH}
          height={Math.round(DISPLAY_WIDTH / ratio)}
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
