/**
 * Responsive photos for style posts and blog covers (issue 36 item 13). The media store keeps
 * each photo as a display size (at most 1200 px on its longest side) and a thumbnail (at most
 * 400 px), and beside them smaller copies at most 900 and 160 px (adapters/media.py; the API
 * sends their URLs as `mediumUrl`, `smallUrl`, `imageMediumUrl`). Looks are portrait (4:5),
 * so their widths are at most 320, 720 and 960 px: those are the `w` descriptors, and `sizes`
 * says how wide each grid shows a card, so a phone's 356–412 CSS px card (620–720 device px
 * at 1.75x) gets the 900 px copy rather than the display file or a blurred thumbnail.
 */
export const THUMBNAIL_WIDTH = 320;
export const MEDIUM_WIDTH = 720;
export const DISPLAY_WIDTH = 960;

interface PhotoUrls {
  thumbnailUrl?: string | null;
  mediumUrl?: string | null;
  imageUrl?: string | null;
}

/** `srcset` of the sizes a photo has (undefined when it has only one). */
export function photoSrcSet({ thumbnailUrl, mediumUrl, imageUrl }: PhotoUrls): string | undefined {
  const candidates: [string | null | undefined, number][] = [
    [thumbnailUrl, THUMBNAIL_WIDTH],
    [mediumUrl, MEDIUM_WIDTH],
    [imageUrl, DISPLAY_WIDTH],
  ];
  const distinct = candidates.filter(
    ([url], index) => url && candidates.findIndex(([other]) => other === url) === index,
  );
  if (distinct.length < 2) return undefined;
  return distinct.map(([url, width]) => `${url} ${width}w`).join(', ');
}

/** The feed grid: 1 column on phones, 2 from 36em, 3 from 62em, 4 from 88em (Container xl). */
export const FEED_CARD_SIZES =
  '(min-width: 88em) 300px, (min-width: 62em) 30vw, (min-width: 36em) 46vw, calc(100vw - 32px)';
/** Trending Styles on the home page: 1 column on phones, 3 from 36em. */
export const TRENDING_CARD_SIZES = '(min-width: 36em) 30vw, calc(100vw - 32px)';
