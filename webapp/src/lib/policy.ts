/**
 * The one set of figures every page quotes: the policy pages, the FAQ, the contact page, and
 * the listing, checkout and order pages' hints (spec §9, DESIGN §3). Change a figure here and
 * every page follows; features/pages/policy.test.tsx checks the policy pages never state a
 * different one. The figures the server enforces (fees, shipping, buyer protection, the
 * review window: domain/fees.py, domain/order_rules.py, domain/reviews.py) are checked
 * against the server's own by tests/unit/test_unit_policy_figures.py.
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
  reviewWindow: '14 days',
  watcherOfferLifetime: '24 hours',
  claimReview: '1–2 business days',
  supportReply: '1–2 business days',
  minimumAge: 13,
  governingLaw: 'California',
  supportEmail: 'support@rethread.example',
  privacyEmail: 'privacy@rethread.example',
} as const;

/** What comes off a sale before the seller's payout (domain/fees.py seller_net). */
export const PAYOUT_FEES = `${POLICY.platformFee} platform fee, ${POLICY.processingFee} processing and ${POLICY.payoutFee} per sale`;

/** The only reasons a sale can be undone (spec §9). */
export const PROTECTED_CASES = [
  'The item never arrived.',
  'The item is significantly not as described in the listing.',
  'The item is counterfeit.',
  'The item has damage the seller did not disclose.',
] as const;
