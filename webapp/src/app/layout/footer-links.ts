import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandPinterest,
  IconBrandTiktok,
} from '@tabler/icons-react';

export interface FooterLink {
  label: string;
  to: string;
}

export const FOOTER_COLUMNS: { title: string; links: FooterLink[] }[] = [
  {
    title: 'Buying',
    links: [
      { label: 'Shop', to: '/marketplace' },
      { label: 'Style Feed', to: '/feed' },
      { label: 'Buyer Protection', to: '/buyer-protection' },
      { label: 'Payment Policy', to: '/payment-policy' },
    ],
  },
  {
    title: 'Selling',
    links: [
      { label: 'Sell an Item', to: '/create-listing' },
      { label: 'Seller Hub', to: '/seller/offers' },
      { label: 'Shipping Info', to: '/shipping-info' },
      { label: 'Blog', to: '/blog' },
    ],
  },
  {
    title: 'Help & Support',
    links: [
      { label: 'FAQ', to: '/faq' },
      { label: 'Returns', to: '/returns' },
      { label: 'Contact Us', to: '/contact' },
      { label: 'Terms of Service', to: '/terms-of-service' },
    ],
  },
];

/** Placeholders until Rethread has its own accounts. */
export const SOCIAL_LINKS = [
  { label: 'Rethread on Instagram', href: 'https://www.instagram.com/', Icon: IconBrandInstagram },
  { label: 'Rethread on TikTok', href: 'https://www.tiktok.com/', Icon: IconBrandTiktok },
  { label: 'Rethread on Pinterest', href: 'https://www.pinterest.com/', Icon: IconBrandPinterest },
  { label: 'Rethread on Facebook', href: 'https://www.facebook.com/', Icon: IconBrandFacebook },
];
