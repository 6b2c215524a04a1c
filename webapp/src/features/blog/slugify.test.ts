import { describe, expect, it } from 'vitest';
import { sharedFixture } from '@/test-utils/fixtures';
import { isValidSlug, slugify } from './slugify';

interface SlugCase {
  text: string;
  slug: string;
}

const { cases } = sharedFixture<{ cases: SlugCase[] }>('slugs.json');

describe('slugify (port of domain/slugs.py)', () => {
  it('has the shared cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });

  it.each(cases.map((c) => [JSON.stringify(c.text).slice(0, 40), c] as const))(
    'matches the server for %s',
    (_, { text, slug }) => {
      expect(slugify(text)).toBe(slug);
    },
  );

  it('is idempotent and gives valid slugs or short ones', () => {
    for (const { text } of cases) {
      const slug = slugify(text);
      expect(slugify(slug)).toBe(slug);
      if (slug.length >= 3) expect(isValidSlug(slug)).toBe(true);
    }
  });

  it('checks the canonical form', () => {
    expect(isValidSlug('my-post')).toBe(true);
    expect(isValidSlug('ab')).toBe(false);
    expect(isValidSlug('a--b')).toBe(false);
    expect(isValidSlug('-abc')).toBe(false);
    expect(isValidSlug('Abc')).toBe(false);
  });
});
