import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test-utils/render';
import StaticPage from './components/static-page';
import { FAQ } from './content/faq';
import { POLICY_DOCUMENTS, type PolicyDocument } from './content/policies';
import { POLICY, PROTECTED_CASES } from '@/lib/policy';
import { plainText } from './prose';
import { STATIC_PAGES, type StaticPageKey } from './static-pages';

function textOf(document: PolicyDocument): string {
  const sections = document.sections.map((section) => `${section.heading} ${plainText(section.body)}`);
  return [plainText(document.intro), ...sections].join(' ');
}

const everything = [
  ...Object.values(POLICY_DOCUMENTS).map(textOf),
  ...FAQ.flatMap((category) => category.questions.map((q) => `${q.question} ${q.answer}`)),
].join(' ');

describe('policy figures agree everywhere (spec §9)', () => {
  it('quotes one shipping figure: $5.00', () => {
    const amounts = new Set(everything.match(/\$\d+(?:\.\d\d)?/g));
    expect(amounts.has('$4.99')).toBe(false);
    expect(amounts).toContain(POLICY.shippingFee);
    expect([...amounts].filter((amount) => amount.startsWith('$5'))).toEqual(['$5.00']);
  });

  it('uses the spec windows and never a conflicting one', () => {
    expect(everything).not.toMatch(/5-7 business days to deliver|3-5 business days/);
    for (const figure of [POLICY.delivery, POLICY.refundTime, POLICY.claimReview, POLICY.returnWindow]) {
      expect(everything).toContain(figure);
    }
    expect(everything).toContain('California');
    expect(everything).toContain('13');
  });

  it('fills every figure in from POLICY, the text leaves none unfilled', () => {
    expect(everything).not.toMatch(/[{}]/);
    expect(everything).toContain(POLICY.inspectionWindow);
    expect(everything).toContain(POLICY.privacyEmail);
  });

  it('lists the protected cases word for word where the policies quote them', () => {
    for (const page of ['buyer-protection', 'returns', 'terms-of-service'] as const) {
      const text = textOf(POLICY_DOCUMENTS[page]);
      for (const item of PROTECTED_CASES) expect(text).toContain(item);
    }
  });

  it.each(Object.keys(POLICY_DOCUMENTS) as StaticPageKey[])(
    '%s renders its title, the May 9, 2023 date and headings in order',
    (page) => {
      renderRoutes([{ path: '/p', element: <StaticPage page={page} /> }], '/p');
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
        POLICY_DOCUMENTS[page as keyof typeof POLICY_DOCUMENTS].title,
      );
      expect(screen.getByText('May 9, 2023')).toBeInTheDocument();
      const sections = POLICY_DOCUMENTS[page as keyof typeof POLICY_DOCUMENTS].sections;
      expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
        ...sections.map((section) => section.heading),
        'More help',
      ]);
      const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
      levels.slice(1).forEach((level, index) => expect(level - levels[index]).toBeLessThanOrEqual(1));
    },
  );

  it('links only to help pages that exist and to our own addresses', () => {
    const blocks = [
      ...Object.values(POLICY_DOCUMENTS).flatMap((doc) => [
        doc.intro,
        ...doc.sections.map((section) => section.body),
      ]),
      ...FAQ.flatMap((category) => category.questions.map((q) => q.blocks)),
    ];
    const hrefs = blocks.flatMap((tokens) =>
      [...JSON.stringify(tokens).matchAll(/"href":"([^"]*)"/g)].map((m) => m[1]),
    );
    expect(hrefs.length).toBeGreaterThan(5);
    const emails = [`mailto:${POLICY.supportEmail}`, `mailto:${POLICY.privacyEmail}`];
    for (const href of hrefs) {
      if (href.startsWith('mailto:')) expect(emails).toContain(href);
      else expect(Object.keys(STATIC_PAGES)).toContain(href.slice(1));
    }
  });

  it('has a page for every static route', () => {
    const pages = Object.keys(STATIC_PAGES).sort();
    expect(pages).toEqual([
      'buyer-protection',
      'contact',
      'faq',
      'payment-policy',
      'privacy-policy',
      'returns',
      'shipping-info',
      'terms-of-service',
    ]);
  });
});
