/** The public information pages (spec §2), by path. Their text comes with the pages feature. */
export const STATIC_PAGES = {
  'buyer-protection': {
    title: 'Buyer Protection',
    summary: 'How your payment is held until your item arrives as described, and how to make a claim.',
  },
  'terms-of-service': {
    title: 'Terms of Service',
    summary: 'The rules for buying and selling on Rethread.',
  },
  'privacy-policy': {
    title: 'Privacy Policy',
    summary: 'What we collect, why, and the choices you have.',
  },
  contact: { title: 'Contact Us', summary: 'Reach our support team; we reply within 1-2 business days.' },
  faq: { title: 'FAQ', summary: 'Answers to the questions buyers and sellers ask most.' },
  'shipping-info': {
    title: 'Shipping Info',
    summary: 'Flat $5 shipping per item within the US, and when your order ships.',
  },
  returns: { title: 'Returns', summary: 'When an item can be returned and how refunds work.' },
  'payment-policy': {
    title: 'Payment Policy',
    summary: 'How peer-to-peer payment works and when sellers are paid.',
  },
} as const;

export type StaticPageKey = keyof typeof STATIC_PAGES;
