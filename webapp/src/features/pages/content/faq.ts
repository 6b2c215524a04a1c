import { type Blocks, lexProse, plainText, splitAt } from '../prose';
import faq from './faq.md?raw';

export interface FaqQuestion {
  id: string;
  question: string;
  /** The answer as a reader sees it, without Markdown marks: what the search reads. */
  answer: string;
  blocks: Blocks;
}

export interface FaqCategory {
  id: string;
  title: string;
  description: string;
  questions: FaqQuestion[];
}

function anchor(section: { heading: string; id: string | undefined }): string {
  if (!section.id) throw new Error(`FAQ heading "${section.heading}" needs its {#anchor}`);
  return section.id;
}

/**
 * The FAQ from faq.md: each `## Category {#anchor}` with a one-line description, then its
 * `### Question {#anchor}`s and their answers. Figures are written `{shippingFee}`.
 */
export function faqFrom(markdown: string): FaqCategory[] {
  return splitAt(lexProse(markdown), 2).sections.map((category) => {
    const { before, sections } = splitAt(category.blocks, 3);
    return {
      id: anchor(category),
      title: category.heading,
      description: plainText(before),
      questions: sections.map((question) => ({
        id: anchor(question),
        question: question.heading,
        answer: plainText(question.blocks),
        blocks: question.blocks,
      })),
    };
  });
}

/** The seven FAQ categories of spec §2, in order; `id` is the section's anchor. */
export const FAQ: FaqCategory[] = faqFrom(faq);
