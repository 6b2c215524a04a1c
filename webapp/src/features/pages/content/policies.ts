import { POLICY as P, PROTECTED_CASES } from '../policy';

/** A block of policy text: a paragraph, or a bulleted list. */
export type PolicyBlock = string | { list: readonly string[] };

export interface PolicySection {
  heading: string;
  body: PolicyBlock[];
}

export interface PolicyDocument {
  title: string;
  intro: string;
  sections: PolicySection[];
}

const protectedList = { list: PROTECTED_CASES };

export const BUYER_PROTECTION: PolicyDocument = {
  title: 'Buyer Protection',
  intro:
    'Every purchase made through Rethread is covered by Buyer Protection. Your payment is held by ' +
    'Rethread, not sent straight to the seller, until you have received your item and had time ' +
    'to check it.',
  sections: [
    {
      heading: 'How your payment is held',
      body: [
        'When you place an order you send your payment to the Rethread business account, using ' +
          'your order number as the payment reference. Once our team confirms the payment has ' +
          'arrived, the seller is asked to ship. The seller must confirm shipment with a tracking ' +
          'number, and we keep holding the money while the item is on its way.',
        `The seller is paid only after the ${P.inspectionWindow} that starts on ` +
          'delivery ends without a claim.',
      ],
    },
    {
      heading: `Your ${P.inspectionWindow}`,
      body: [
        `After your item is delivered you have ${P.inspection} to inspect it. Check it against ` +
          'the listing: the brand and labels, the size, the condition and anything the seller ' +
          'mentioned.',
        `If everything is as described there is nothing to do: when no claim is made within ` +
          `${P.inspection} of delivery, the order is accepted automatically and the payment is ` +
          'released to the seller. If something is wrong, report it before the window closes.',
      ],
    },
    {
      heading: 'What is covered',
      body: [
        'All sales on Rethread are final, except when one of the following is true:',
        protectedList,
        'Buyer Protection does not cover a change of mind, an item that does not fit when the ' +
          'listing gave the correct size, or wear the seller described or showed in the photos.',
      ],
    },
    {
      heading: 'How to make a claim',
      body: [
        `Contact our support team through the contact form within ${P.inspection} of delivery, ` +
          'with your order number in the subject. Tell us what is wrong; we will ask for clear ' +
          'photos of the item, its labels and any damage.',
        `We review every claim within ${P.claimReview} and may ask the seller for their side. If ` +
          'an item was never delivered we refund you without a return. If a return is needed, ' +
          `send the item back within ${P.returnWindow} of delivery with a tracked service; ` +
          'you pay the return shipping. Approved refunds reach you within ' +
          `${P.refundTime}.`,
      ],
    },
    {
      heading: 'Stay protected',
      body: [
        'Buyer Protection only applies to orders placed and paid through Rethread. Never pay a ' +
          'seller directly or outside the payment instructions shown with your order, and keep ' +
          'your conversations in Rethread messages so we can help if something goes wrong.',
      ],
    },
  ],
};

export const SHIPPING_INFO: PolicyDocument = {
  title: 'Shipping Information',
  intro: `Shipping on Rethread is simple: a flat ${P.shippingFee} per item, anywhere in the United States.`,
  sections: [
    {
      heading: 'Shipping cost',
      body: [
        `Buyers pay a flat ${P.shippingFee} shipping fee for each item, shown at checkout next to ` +
          `the item price and the ${P.serviceFee} service fee. If the real postage costs more, ` +
          'the seller covers the difference.',
        'If you and the seller arrange a local pickup and both confirm it with our support team, ' +
          'the shipping fee is refunded.',
      ],
    },
    {
      heading: 'Where we ship',
      body: [
        'Rethread is available in the United States only. Items ship between US addresses; we do ' +
          'not offer international shipping.',
      ],
    },
    {
      heading: 'When your order ships',
      body: [
        'Once our team confirms your payment, the seller is notified. Sellers must:',
        {
          list: [
            `contact you within ${P.contactWithin} of the payment being confirmed, and`,
            `ship the item within ${P.shipWithin} of the payment being confirmed, with a tracking number.`,
          ],
        },
        'You can follow the tracking number from your Orders page as soon as the seller marks the ' +
          'order as shipped.',
      ],
    },
    {
      heading: 'Delivery times',
      body: [
        `Most orders arrive within ${P.delivery} after they ship, depending on the carrier and the ` +
          'distance. Holidays and severe weather can add a few days.',
        `If your tracking has not moved for a while or your item does not arrive, contact us. Items ` +
          'that never arrive are covered by Buyer Protection.',
      ],
    },
    {
      heading: 'Tips for sellers',
      body: [
        {
          list: [
            'Pack items clean and folded, in a sturdy mailer or box.',
            'Use a tracked service and add the tracking number when you mark the order as shipped.',
            'Keep your postage receipt until the inspection window has ended.',
          ],
        },
      ],
    },
  ],
};

export const RETURNS: PolicyDocument = {
  title: 'Returns & Refunds',
  intro:
    'Because every item on Rethread is secondhand and sold by another member, all sales are final ' +
    'unless something has gone wrong with the order.',
  sections: [
    {
      heading: 'When you can return an item',
      body: [
        'You can return an item and get a refund when:',
        protectedList,
        `Report the problem within the ${P.inspectionWindow} after delivery. After ` +
          'that the order is accepted and the sale is final.',
      ],
    },
    {
      heading: 'How returns work',
      body: [
        {
          list: [
            `Report the problem through our contact form within ${P.inspection} of delivery, with your order number.`,
            `We review your claim within ${P.claimReview} and tell you whether a return is needed.`,
            `If it is, send the item back within ${P.returnWindow} of delivery using a tracked service. The buyer pays the return shipping.`,
            'Once the seller receives the item in the condition it was delivered, we issue your refund.',
          ],
        },
      ],
    },
    {
      heading: 'Refunds',
      body: [
        `Refunds are sent within ${P.refundTime} to the account you paid from. An approved ` +
          `refund includes the item price, the ${P.serviceFee} service fee and the ` +
          `${P.shippingFee} shipping fee.`,
        'Items that never arrived do not need to be returned: we refund you once the claim is ' + 'approved.',
      ],
    },
    {
      heading: 'What cannot be returned',
      body: [
        'We cannot accept returns for a change of mind, for sizing when the listing stated the ' +
          'size correctly, or for wear that was described or visible in the listing photos. ' +
          'Read the description, check the measurements and ask the seller questions before you buy.',
      ],
    },
  ],
};

export const PAYMENT_POLICY: PolicyDocument = {
  title: 'Payment Policy',
  intro:
    'Rethread uses peer-to-peer payment: you pay the Rethread business account from your usual ' +
    'payment app, and we hold the money until your order is complete.',
  sections: [
    {
      heading: 'What you pay',
      body: [
        'At checkout you see three amounts, all in US dollars:',
        {
          list: [
            'the item price (or the price you agreed in an accepted offer),',
            `a ${P.serviceFee} buyer service fee, which pays for Buyer Protection and support, and`,
            `a flat ${P.shippingFee} shipping fee per item.`,
          ],
        },
        'There are no other fees for buyers.',
      ],
    },
    {
      heading: 'How to pay',
      body: [
        'After you place an order, the confirmation screen shows the amount to send and the ' +
          'Rethread business account to send it to. Send the payment through a peer-to-peer ' +
          'payment app and use your order number as the payment reference, so we can match it.',
        'Only pay the Rethread business account shown with your order. Never send money to a ' +
          'seller directly: payments made outside Rethread are not covered by Buyer Protection.',
      ],
    },
    {
      heading: 'Payment confirmation',
      body: [
        'A member of our team checks that your payment has arrived and confirms it on your order. ' +
          `The seller is then asked to contact you within ${P.contactWithin} and ship within ` +
          `${P.shipWithin}. If the amount or the reference does not match, we contact you before ` +
          'anything ships.',
      ],
    },
    {
      heading: 'When sellers are paid',
      body: [
        'We hold the payment while the item is on its way. The seller must confirm shipment with ' +
          'a tracking number, and the payment is released when the ' +
          `${P.inspectionWindow} after delivery ends without a claim.`,
        `Sellers receive the sale price minus a ${P.platformFee} platform fee, ${P.processingFee} ` +
          `payment processing and ${P.payoutFee} per payout. The Create Listing page shows what ` +
          'you will receive before you publish.',
      ],
    },
    {
      heading: 'Refunds',
      body: [
        `Approved refunds are sent within ${P.refundTime} to the account you paid from. See ` +
          'Returns & Refunds for when a refund applies.',
      ],
    },
  ],
};

export const TERMS: PolicyDocument = {
  title: 'Terms of Service',
  intro:
    'These terms are an agreement between you and Rethread. By creating an account or using ' +
    'Rethread, you agree to them. Please read them carefully.',
  sections: [
    {
      heading: '1. Who can use Rethread',
      body: [
        `You must be at least ${P.minimumAge} years old and live in the United States to use ` +
          'Rethread. If you are under 18, you may only buy or sell with the permission of a parent ' +
          'or guardian. You are responsible for keeping your password safe and for everything done ' +
          'with your account.',
      ],
    },
    {
      heading: '2. Buying and selling',
      body: [
        'Rethread is a marketplace: items are sold by members, not by Rethread. Sellers must own ' +
          'what they list, describe it honestly, show its real condition in the photos and disclose ' +
          'any damage. A listing is an offer to sell at the listed price; an accepted offer sets a ' +
          'new price for that buyer.',
        `Sellers must contact the buyer within ${P.contactWithin} and ship within ${P.shipWithin} ` +
          'of payment confirmation, with tracking. Buyers must pay the full order amount to the ' +
          'Rethread business account using the order number as the reference.',
      ],
    },
    {
      heading: '3. Fees and payment',
      body: [
        `Buyers pay the item price, a ${P.serviceFee} service fee and ${P.shippingFee} shipping per ` +
          `item. Sellers pay a ${P.platformFee} platform fee, ${P.processingFee} payment processing ` +
          `and ${P.payoutFee} per payout, taken from the sale. Payment is made off-platform through ` +
          'a peer-to-peer payment app to the Rethread business account and confirmed by our team. ' +
          'The Payment Policy describes the details.',
      ],
    },
    {
      heading: '4. Final sales and Buyer Protection',
      body: [
        'All sales are final, except when:',
        protectedList,
        `Claims must be made within ${P.inspection} of delivery. Returns, refunds and the ` +
          'inspection window are described in Buyer Protection and Returns & Refunds.',
      ],
    },
    {
      heading: '5. Things you must not do',
      body: [
        {
          list: [
            'List counterfeit, stolen, recalled or illegal items.',
            'Ask for or make payment outside Rethread.',
            'Harass, threaten or mislead other members, or post content that is not yours.',
            'Create fake accounts, reviews or offers, or interfere with how Rethread works.',
          ],
        },
        'We may remove listings or posts and suspend accounts that break these terms.',
      ],
    },
    {
      heading: '6. Your content',
      body: [
        'You keep ownership of the photos, listings, style posts and blog posts you share. You ' +
          'give Rethread permission to show them on Rethread and to use them to promote your ' +
          'listings. You are responsible for what you post.',
      ],
    },
    {
      heading: '7. Liability',
      body: [
        'Rethread is provided as it is. To the extent the law allows, Rethread is not liable for ' +
          'indirect or consequential losses, and our total liability for any claim is limited to ' +
          'the fees you paid us for the order concerned. Nothing in these terms limits rights you ' +
          'have under consumer protection law.',
      ],
    },
    {
      heading: '8. Governing law and changes',
      body: [
        `These terms are governed by the laws of the State of ${P.governingLaw}, United States. We ` +
          'may update these terms; when we make an important change we will tell you before it ' +
          'takes effect. If you keep using Rethread after that, the new terms apply.',
      ],
    },
    {
      heading: '9. Contact',
      body: [`Questions about these terms? Write to ${P.supportEmail} or use our contact form.`],
    },
  ],
};

export const PRIVACY: PolicyDocument = {
  title: 'Privacy Policy',
  intro:
    'This policy explains what information Rethread collects, how we use it, and the choices you ' +
    'have. We collect only what we need to run the marketplace.',
  sections: [
    {
      heading: 'Information we collect',
      body: [
        {
          list: [
            'Account details: username, display name, email address and password (stored only as a secure hash).',
            'Profile details you choose to add: photo, bio, height and Instagram handle.',
            'What you share: listings, photos, style posts, comments, blog posts and messages.',
            'Orders: items, prices, offers, shipping addresses and payment references.',
            'Technical data: your IP address and basic request logs, used for security and to limit abuse.',
          ],
        },
        'Photos you upload are cleaned of location and camera (EXIF) data before they are stored.',
      ],
    },
    {
      heading: 'How we use it',
      body: [
        'We use your information to run your account, show your listings and posts, process and ' +
          'track orders, confirm payments, deliver messages, provide Buyer Protection and support, ' +
          'keep Rethread safe, and tell you about activity on your account. We do not sell your ' +
          'personal information and we do not show third-party advertising.',
      ],
    },
    {
      heading: 'What other members see',
      body: [
        'Your username, display name, profile, listings, style posts and published blog posts are ' +
          'public. Drafts are visible only to you. When you buy an item, the seller sees your ' +
          'contact email and, once payment is confirmed, your shipping address so they can ship it. ' +
          'Buyers see the seller’s contact email.',
      ],
    },
    {
      heading: 'Cookies',
      body: [
        'We use a small number of essential cookies: one keeps you signed in and one protects ' +
          'forms against cross-site request forgery. Your browser also stores a few settings, such ' +
          'as your color scheme and whether you have seen the welcome tour. We do not use ' +
          'advertising or tracking cookies.',
      ],
    },
    {
      heading: 'Keeping and deleting data',
      body: [
        'We keep your information while your account is open. Order records are kept as long as ' +
          'the law requires for tax and accounting. You can ask us to correct or delete your ' +
          `information by writing to ${P.privacyEmail}; we reply within ${P.supportReply}.`,
      ],
    },
    {
      heading: 'Children',
      body: [
        `Rethread is not for children under ${P.minimumAge}. We do not knowingly collect information ` +
          `from anyone under ${P.minimumAge}; if we learn we have, we delete it.`,
      ],
    },
    {
      heading: 'Where we operate',
      body: [
        'Rethread serves the United States only, and your information is stored in the United ' +
          `States. This policy is governed by the laws of the State of ${P.governingLaw}. ` +
          'California residents have the rights described in the California Consumer Privacy Act, ' +
          'including the right to know, correct and delete their personal information.',
      ],
    },
    {
      heading: 'Contact',
      body: [`Questions about privacy? Write to ${P.privacyEmail} or use our contact form.`],
    },
  ],
};

export const POLICY_DOCUMENTS = {
  'buyer-protection': BUYER_PROTECTION,
  'terms-of-service': TERMS,
  'privacy-policy': PRIVACY,
  'shipping-info': SHIPPING_INFO,
  returns: RETURNS,
  'payment-policy': PAYMENT_POLICY,
} as const;

export type PolicyKey = keyof typeof POLICY_DOCUMENTS;
