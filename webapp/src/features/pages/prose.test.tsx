import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test-utils/render';
import { Prose } from './components/prose';
import { faqFrom } from './content/faq';
import { policyDocument } from './content/policies';
import { POLICY, PROTECTED_CASES } from '@/lib/policy';
import { fillFigures, lexProse, plainText } from './prose';

function renderProse(markdown: string) {
  const { container } = renderRoutes([{ path: '/', element: <Prose blocks={lexProse(markdown)} /> }], '/');
  return container;
}

describe('page prose in Markdown', () => {
  it('fills figures from POLICY and refuses an unknown one', () => {
    expect(fillFigures('Flat {shippingFee}, {inspection}.')).toBe(
      `Flat ${POLICY.shippingFee}, ${POLICY.inspection}.`,
    );
    expect(fillFigures('{protectedCases}')).toBe(PROTECTED_CASES.map((item) => `- ${item}`).join('\n'));
    expect(() => fillFigures('Shipping is {shipingFee}.')).toThrow('{shipingFee}');
  });

  it('reads the text without Markdown marks', () => {
    expect(plainText(lexProse('A **bold** [link](/faq) & `code`.\n\n- one\n- two'))).toBe(
      'A bold link & code. one two',
    );
  });

  it('renders paragraphs, lists and site links as elements', () => {
    const container = renderProse('See [Returns & Refunds](/returns) *now*.\n\n- one\n- two');
    const link = screen.getByRole('link', { name: 'Returns & Refunds' });
    expect(link).toHaveAttribute('href', '/returns');
    // Underlined, not told apart by colour alone (axe: link-in-text-block).
    expect(link).toHaveAttribute('data-underline', 'always');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['one', 'two']);
    expect(container.querySelector('em')).toHaveTextContent('now');
  });

  it('never renders raw HTML or a script link', () => {
    const container = renderProse(
      'Hi <img src=x onerror="alert(1)"> [click](javascript:alert(1))\n\n<script>x</script>',
    );
    expect(container.querySelector('img, script')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(container).toHaveTextContent('click');
  });

  it('reads a policy page: title, intro, sections', () => {
    const page = policyDocument(
      '# Returns\n\nIntro {returnWindow}.\n\n## When\n\n{protectedCases}\n\n## How\n\nText.',
    );
    expect(page.title).toBe('Returns');
    expect(plainText(page.intro)).toBe(`Intro ${POLICY.returnWindow}.`);
    expect(page.sections.map((section) => section.heading)).toEqual(['When', 'How']);
    expect(() => policyDocument('Intro first.\n\n# Returns')).toThrow('# title');
  });

  it('reads the FAQ: categories and questions with their anchors', () => {
    const faq = faqFrom(
      '## Buying {#buying}\n\nHow to buy.\n\n### Can I? {#can-i}\n\nYes, for {shippingFee}.',
    );
    expect(faq).toEqual([
      {
        id: 'buying',
        title: 'Buying',
        description: 'How to buy.',
        questions: [
          expect.objectContaining({
            id: 'can-i',
            question: 'Can I?',
            answer: `Yes, for ${POLICY.shippingFee}.`,
          }),
        ],
      },
    ]);
    expect(() => faqFrom('## Buying\n\nHow to buy.')).toThrow('{#anchor}');
  });
});
