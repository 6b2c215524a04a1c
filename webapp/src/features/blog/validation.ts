import limits from '@fixtures/form-limits.json';
import { lengthError, requiredMessage } from '@/lib/text-rules';
import { MAX_SLUG_LENGTH, MIN_SLUG_LENGTH } from './slugify';

/** The blog editor's fields, as the form holds them. */
export interface BlogFormValues {
  title: string;
  slug: string;
  excerpt: string;
  imageUrl: string;
  content: string;
  published: boolean;
}

export type BlogField = Exclude<keyof BlogFormValues, 'published'>;
export type BlogFormErrors = Partial<Record<BlogField, string>>;

// domain/validation/content.py's lengths, through the fixture the Python tests hold to it.
const LIMITS = limits.blog;
export const TITLE_MIN = LIMITS.title.min;
export const TITLE_MAX = LIMITS.title.max;
export const CONTENT_MIN = LIMITS.content.min;
export const CONTENT_MAX = LIMITS.content.max;
export const EXCERPT_MAX = LIMITS.excerpt.max;
const IMAGE_URL_MAX = LIMITS.imageUrl.max;

/** Slug rules of domain/validation/content.py, with the same messages. */
export function slugError(slug: string): string | undefined {
  const value = slug.trim();
  if (!/^[a-z0-9-]*$/.test(value)) return 'Slug can only contain lowercase letters, numbers, and hyphens';
  const length = lengthError(
    value,
    { min: MIN_SLUG_LENGTH, max: MAX_SLUG_LENGTH },
    {
      required: requiredMessage('Slug'),
      short: `Slug must be at least ${MIN_SLUG_LENGTH} characters`,
      long: `Slug must be less than ${MAX_SLUG_LENGTH} characters`,
    },
  );
  if (!length && !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value)) {
    return 'Slug cannot start or end with a hyphen or repeat hyphens';
  }
  return length;
}

/** An absolute http(s) URL with a host, or a path under /media/ (uploaded images). */
export function isImageUrl(value: string): boolean {
  if (/\s/.test(value) || value.length > IMAGE_URL_MAX) return false;
  if (value.startsWith('/'))
    return value.startsWith('/media/') && !value.includes('..') && !value.includes('\\');
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Spec §5 blog rules, checked again on the server with the same messages (a blank field is
 *  required: tests/fixtures/form-messages.json). */
export function validateBlog(values: BlogFormValues): BlogFormErrors {
  const imageUrl = values.imageUrl.trim();
  return {
    title: lengthError(values.title.trim(), LIMITS.title, {
      required: requiredMessage('Title'),
      short: `Title must be at least ${TITLE_MIN} characters`,
      long: `Title must be less than ${TITLE_MAX} characters`,
    }),
    slug: slugError(values.slug),
    excerpt:
      values.excerpt.trim().length > EXCERPT_MAX
        ? `Excerpt must be less than ${EXCERPT_MAX} characters`
        : undefined,
    imageUrl: imageUrl && !isImageUrl(imageUrl) ? 'Image URL must be a valid URL' : undefined,
    content: lengthError(values.content.trim(), LIMITS.content, {
      required: requiredMessage('Content'),
      short: `Content must be at least ${CONTENT_MIN} characters`,
      long: `Content must be at most ${CONTENT_MAX} characters`,
    }),
  };
}

export function hasErrors(errors: BlogFormErrors): boolean {
  return Object.values(errors).some(Boolean);
}

/** Content as the post page shows it: paragraphs split on blank lines, empty ones dropped. */
export function paragraphsOf(content: string): string[] {
  return content
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}
