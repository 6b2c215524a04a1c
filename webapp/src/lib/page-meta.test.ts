import { describe, expect, it } from 'vitest';
import { applyPageMeta, documentTitle, SITE_DESCRIPTION, summary } from './page-meta';

describe('page meta', () => {
  it('names the tab after the page, then the site', () => {
    expect(documentTitle('Shop')).toBe('Shop · Rethread');
    expect(documentTitle()).toBe('Rethread');
  });

  it('sets the title and the one description tag', () => {
    applyPageMeta({ title: 'maya (@maya)', description: 'Vintage finds' });
    applyPageMeta({ title: 'Shop' });
    expect(document.title).toBe('Shop · Rethread');
    const tags = document.head.querySelectorAll('meta[name="description"]');
    expect(tags).toHaveLength(1);
    expect(tags[0]).toHaveAttribute('content', SITE_DESCRIPTION);
  });

  it('summarises long text at a word boundary', () => {
    expect(summary('  short   text ')).toBe('short text');
    expect(summary('one two three four', 12)).toBe('one two…');
    expect(summary(null)).toBe('');
  });
});
