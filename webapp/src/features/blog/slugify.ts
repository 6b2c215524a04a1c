import limits from '@fixtures/form-limits.json';

/**
 * A port of domain/slugs.py `slugify` (spec §5): lowercase, strip punctuation, spaces to
 * hyphens, collapse repeated hyphens, trim hyphens, at most 100 characters. Letters with
 * accents are transliterated where Unicode decomposition allows ("Café" -> "cafe"), other
 * non-ASCII characters are dropped. tests/fixtures/slugs.json is checked by both sides.
 */
export const MIN_SLUG_LENGTH = limits.blog.slug.min;
export const MAX_SLUG_LENGTH = limits.blog.slug.max;

// Everything outside ASCII (which starts at NUL) is dropped.
// eslint-disable-next-line no-control-regex
const NON_ASCII = /[^\x00-\x7f]/g;
// Python's re.ASCII \s is exactly these six characters.
const PUNCTUATION = /[^a-z0-9 \t\n\r\f\v-]/g;
const SEPARATORS = /[ \t\n\r\f\v-]+/g;

export function slugify(text: string, maxLength: number = MAX_SLUG_LENGTH): string {
  const ascii = text.normalize('NFKD').replace(NON_ASCII, '');
  const hyphenated = ascii
    .toLowerCase()
    .replace(PUNCTUATION, '')
    .replace(SEPARATORS, '-')
    .replace(/^-+|-+$/g, '');
  return hyphenated.slice(0, maxLength).replace(/-+$/, '');
}

/** A canonical slug of 3 to 100 characters: runs of [a-z0-9] joined by single hyphens. */
export function isValidSlug(slug: string): boolean {
  return (
    slug.length >= MIN_SLUG_LENGTH &&
    slug.length <= MAX_SLUG_LENGTH &&
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)
  );
}
