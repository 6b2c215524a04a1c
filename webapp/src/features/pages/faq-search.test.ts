import { describe, expect, it } from 'vitest';
import { FAQ } from './content/faq';
import { filterFaq, searchTerms } from './faq-search';

const questions = (query: string) =>
  filterFaq(FAQ, query).flatMap((category) => category.questions.map((q) => q.question));

describe('FAQ search', () => {
  it('returns every category for a blank query', () => {
    expect(filterFaq(FAQ, '   ')).toBe(FAQ);
    expect(searchTerms('  ')).toEqual([]);
  });

  it('finds questions by words in the question or the answer, in any case', () => {
    expect(questions('SHIPPING cost')).toContain('How much is shipping?');
    expect(questions('counter offer')).toEqual(['Can I make an offer?']);
  });

  it('matches the category title too', () => {
    expect(questions('refund')).toContain('Who pays for return shipping?');
  });

  it('needs every word to match', () => {
    expect(questions('shipping zebra')).toEqual([]);
  });

  it('drops categories without a match and keeps the order', () => {
    const result = filterFaq(FAQ, 'refund');
    expect(result.length).toBeGreaterThan(0);
    expect(result.every((category) => category.questions.length > 0)).toBe(true);
    const order = FAQ.map((category) => category.id);
    const ids = result.map((category) => category.id);
    expect([...ids].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(ids);
  });

  it('folds accents and curly apostrophes', () => {
    expect(questions("doesn't fit")).toEqual(['What if it doesn’t fit?']);
  });

  it('covers the seven spec categories', () => {
    expect(FAQ.map((category) => category.title)).toEqual([
      'General Questions',
      'Buying',
      'Selling',
      'Shipping & Delivery',
      'Payments & Fees',
      'Returns & Refunds',
      'Account & Settings',
    ]);
  });
});
