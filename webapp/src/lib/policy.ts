/**
 * The one set of figures every policy page, the FAQ and the contact page quote (spec §9,
 * DESIGN §3). Change a figure here and every page follows; policy.test.ts checks the pages
 * never state a different one.
 */
export const POLICY = {
  updated: 'May 9, 2023',
  shippingFee: '$5.00',
  serviceFee: '5%',
  platformFee: '5%',
  processingFee: '1.9%',
  payoutFee: '$0.10',
  shipWithin: '3 business days',
  contactWithin: '24 hours',
  delivery: '3–7 business days',
  returnWindow: '14 days',
  refundTime: '5–7 business days',
  inspection: '3 days',
  inspectionWindow: '3-day inspection window',
  claimReview: '1–2 business days',
  supportReply: '1–2 business days',
  minimumAge: 13,
  governingLaw: 'California',
  supportEmail: 'support@rethread.example',
  privacyEmail: 'privacy@rethread.example',
} as const;

/** The only reasons a sale can be undone (spec §9). */
export const PROTECTED_CASES = [
  'The item never arrived.',
  'The item is significantly not as described in the listing.',
  'The item is counterfeit.',
  'The item has damage the seller did not disclose.',
] as const;
