import { type Blocks, lexProse, splitAt } from '../prose';
import buyerProtection from './buyer-protection.md?raw';
import paymentPolicy from './payment-policy.md?raw';
import privacyPolicy from './privacy-policy.md?raw';
import returns from './returns.md?raw';
import shippingInfo from './shipping-info.md?raw';
import termsOfService from './terms-of-service.md?raw';

export interface PolicySection {
  heading: string;
  body: Blocks;
}

export interface PolicyDocument {
  title: string;
  intro: Blocks;
  sections: PolicySection[];
}

/**
 * A policy page from its Markdown file: `# Title`, the intro paragraphs, then `## Section`s of
 * paragraphs and lists. Figures are written `{shippingFee}` and filled in from POLICY.
 */
export function policyDocument(markdown: string): PolicyDocument {
  const { before, sections } = splitAt(lexProse(markdown), 2);
  const [title, ...intro] = before;
  if (title?.type !== 'heading' || title.depth !== 1)
    throw new Error('A policy page starts with its # title');
  return {
    title: title.text,
    intro,
    sections: sections.map((section) => ({ heading: section.heading, body: section.blocks })),
  };
}

export const POLICY_DOCUMENTS = {
  'buyer-protection': policyDocument(buyerProtection),
  'terms-of-service': policyDocument(termsOfService),
  'privacy-policy': policyDocument(privacyPolicy),
  'shipping-info': policyDocument(shippingInfo),
  returns: policyDocument(returns),
  'payment-policy': policyDocument(paymentPolicy),
} as const;

export type PolicyKey = keyof typeof POLICY_DOCUMENTS;
