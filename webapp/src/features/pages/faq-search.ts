import type { FaqCategory } from './content/faq';

/** Lowercase, accents and curly quotes folded, so "Doesn't" finds "doesn’t". */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘]/g, "'")
    .toLowerCase();
}

/** The query's words; empty when the query is blank. */
export function searchTerms(query: string): string[] {
  return fold(query).split(/\s+/).filter(Boolean);
}

/**
 * The categories and questions that contain every word of `query` in the category title, the
 * question or its answer, in their original order; categories left without questions are dropped. A blank
 * query returns everything unchanged.
 */
export function filterFaq(categories: FaqCategory[], query: string): FaqCategory[] {
  const terms = searchTerms(query);
  if (terms.length === 0) return categories;
  return categories
    .map((category) => ({
      ...category,
      questions: category.questions.filter((item) => {
        const haystack = fold(`${category.title} ${item.question} ${item.answer}`);
        return terms.every((term) => haystack.includes(term));
      }),
    }))
    .filter((category) => category.questions.length > 0);
}
