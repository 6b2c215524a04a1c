/**
 * Responsive photos for style posts (issue 36 item 13). Each post photo is stored twice
 * (adapters/media.py): a thumbnail at most 400 px on its longest side and a display size at
 * most 1200 px. Looks are portrait (4:5), so their widths are at most 320 and 960 px: those
 * are the `w` descriptors, and `sizes` says how wide each grid shows a card, so a phone's
 * 356–412 CSS px card at 2–3x gets the display file instead of a blurred 320 px one, and a
 * small card keeps the thumbnail.
 */
export const THUMBNAIL_WIDTH = 320;
export const DISPLAY_WIDTH = 960;

export function photoSrcSet(
  thumbnailUrl: string | null | undefined,
  imageUrl: string | null | undefined,
): string | undefined {
  if (!thumbnailUrl || !imageUrl || thumbnailUrl === imageUrl) return undefined;
  return `${thumbnailUrl} ${THUMBNAIL_WIDTH}w, ${imageUrl} ${DISPLAY_WIDTH}w`;
}

/** The feed grid: 1 column on phones, 2 from 36em, 3 from 62em, 4 from 88em (Container xl). */
export const FEED_CARD_SIZES =
  '(min-width: 88em) 300px, (min-width: 62em) 30vw, (min-width: 36em) 46vw, calc(100vw - 32px)';
/** Trending Styles on the home page: 1 column on phones, 3 from 36em. */
export const TRENDING_CARD_SIZES = '(min-width: 36em) 30vw, calc(100vw - 32px)';
