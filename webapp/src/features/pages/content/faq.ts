import { POLICY as P } from '../policy';

export interface FaqQuestion {
  id: string;
  question: string;
  answer: string;
}

export interface FaqCategory {
  id: string;
  title: string;
  description: string;
  questions: FaqQuestion[];
}

/** The seven FAQ categories of spec §2, in order; `id` is the section's anchor. */
export const FAQ: FaqCategory[] = [
  {
    id: 'general-questions',
    title: 'General Questions',
    description: 'What Rethread is and how it works.',
    questions: [
      {
        id: 'what-is-rethread',
        question: 'What is Rethread?',
        answer:
          'Rethread is a marketplace for secondhand fashion with a social twist. Members buy and sell ' +
          'pre-loved clothing, shoes and accessories, follow each other, share outfits in the Style ' +
          'Feed and write on the blog.',
      },
      {
        id: 'where-available',
        question: 'Where is Rethread available?',
        answer:
          'Rethread is available in the United States only. All prices are in US dollars and items ' +
          'ship between US addresses.',
      },
      {
        id: 'is-it-safe',
        question: 'Is it safe to buy from other members?',
        answer:
          'Yes. Every order is covered by Buyer Protection: your payment is held by Rethread, not ' +
          `sent to the seller, and you have ${P.inspection} after delivery to check your item. If it ` +
          'never arrives, is significantly not as described, is counterfeit or has undisclosed ' +
          'damage, you get your money back.',
      },
      {
        id: 'style-feed',
        question: 'What is the Style Feed?',
        answer:
          'The Style Feed is where members post outfits. Posts can tag the items being worn, so you ' +
          'can shop a look directly. Like, comment, save posts and follow the people whose style you love.',
      },
    ],
  },
  {
    id: 'buying',
    title: 'Buying',
    description: 'Finding items, making offers and checking out.',
    questions: [
      {
        id: 'how-to-buy',
        question: 'How do I buy an item?',
        answer:
          'Open the item and choose Buy It Now. At checkout, enter your shipping address, review the ' +
          'total and place the order. The confirmation screen shows how to pay: send the total to ' +
          'the Rethread business account with a peer-to-peer payment app, using your order number as ' +
          'the reference.',
      },
      {
        id: 'make-offer',
        question: 'Can I make an offer?',
        answer:
          'Yes. Choose Make an Offer on the item page; the amount starts at 90% of the price and you ' +
          'can change it and add a message. The seller can accept, decline or send a counter offer. ' +
          'When an offer is accepted you can pay the agreed price from My Offers.',
      },
      {
        id: 'watch-list',
        question: 'How do I save items for later?',
        answer:
          'Tap the heart on any item to add it to your Favorites (your watch list). You need to be ' +
          'logged in. Open Favorites from the header to see everything you have saved.',
      },
      {
        id: 'ask-seller',
        question: 'Can I ask the seller a question before buying?',
        answer:
          'Yes, choose Message Seller on the item page. Asking for measurements or extra photos is a ' +
          'good idea, especially for vintage sizing.',
      },
    ],
  },
  {
    id: 'selling',
    title: 'Selling',
    description: 'Listing items and getting paid.',
    questions: [
      {
        id: 'how-to-sell',
        question: 'How do I sell an item?',
        answer:
          'Choose Sell an Item, add up to 5 photos, then the title, description, brand, size, ' +
          'condition, category and price. Your listing goes live as soon as you create it.',
      },
      {
        id: 'seller-fees',
        question: 'What does it cost to sell?',
        answer:
          `Listing is free. When an item sells, you receive the price minus a ${P.platformFee} ` +
          `platform fee, ${P.processingFee} payment processing and ${P.payoutFee} per payout. The ` +
          'Create Listing page shows exactly what you will receive before you publish.',
      },
      {
        id: 'after-sale',
        question: 'What happens when my item sells?',
        answer:
          'Once our team confirms the buyer’s payment, you see the order under Your Sales with the ' +
          `buyer’s shipping address. Contact the buyer within ${P.contactWithin}, ship within ` +
          `${P.shipWithin} and add the tracking number when you mark the order as shipped.`,
      },
      {
        id: 'when-paid',
        question: 'When do I get paid?',
        answer:
          'We hold the buyer’s payment while the item travels. After delivery the buyer has ' +
          `${P.inspection} to check the item; when that window ends without a claim, your ` +
          'payment is released.',
      },
      {
        id: 'photo-tips',
        question: 'Any tips for photos that sell?',
        answer:
          'Use daylight and a plain background, show the whole item first, then the labels, the ' +
          'fabric up close and any flaws. Honest photos mean happier buyers and fewer claims.',
      },
    ],
  },
  {
    id: 'shipping-delivery',
    title: 'Shipping & Delivery',
    description: 'Costs, timing and tracking.',
    questions: [
      {
        id: 'shipping-cost',
        question: 'How much is shipping?',
        answer:
          `Shipping is a flat ${P.shippingFee} per item anywhere in the United States. If postage ` +
          'costs more, the seller covers the difference.',
      },
      {
        id: 'when-ship',
        question: 'When will my order ship?',
        answer:
          `Sellers contact you within ${P.contactWithin} and ship within ${P.shipWithin} after your ` +
          'payment is confirmed.',
      },
      {
        id: 'delivery-time',
        question: 'How long does delivery take?',
        answer:
          `Most orders arrive within ${P.delivery} after they ship. You can follow the tracking ` +
          'number on your Orders page.',
      },
      {
        id: 'international',
        question: 'Do you ship internationally?',
        answer: 'Not yet. Rethread is US-only, so items ship between US addresses.',
      },
    ],
  },
  {
    id: 'payments-fees',
    title: 'Payments & Fees',
    description: 'How paying works and what it costs.',
    questions: [
      {
        id: 'buyer-fees',
        question: 'What fees do buyers pay?',
        answer:
          `You pay the item price, a ${P.serviceFee} service fee and ${P.shippingFee} shipping per ` +
          'item. The checkout shows every amount before you place the order; there are no other fees.',
      },
      {
        id: 'how-pay',
        question: 'How do I pay?',
        answer:
          'Rethread uses peer-to-peer payment. After you place an order, send the total to the ' +
          'Rethread business account shown on the confirmation screen with your payment app, and use ' +
          'your order number as the reference. Our team confirms the payment and the seller is asked to ship.',
      },
      {
        id: 'pay-seller-directly',
        question: 'Can I pay the seller directly?',
        answer:
          'No. Only pay the Rethread business account shown with your order. Payments made directly ' +
          'to a seller are not covered by Buyer Protection.',
      },
      {
        id: 'payment-not-confirmed',
        question: 'My payment has not been confirmed yet. What should I do?',
        answer:
          'Check that you used your order number as the payment reference and sent the full total. ' +
          `If it still shows as pending, contact us with your order number; we reply within ${P.supportReply}.`,
      },
    ],
  },
  {
    id: 'returns-refunds',
    title: 'Returns & Refunds',
    description: 'When you can return an item and how refunds work.',
    questions: [
      {
        id: 'can-return',
        question: 'Can I return an item?',
        answer:
          'All sales are final, except when the item never arrived, is significantly not as ' +
          'described, is counterfeit or has damage the seller did not disclose. In those cases, ' +
          `report it within ${P.inspection} of delivery.`,
      },
      {
        id: 'return-shipping',
        question: 'Who pays for return shipping?',
        answer:
          `The buyer pays return shipping. Send the item back within ${P.returnWindow} of delivery ` +
          'with a tracked service.',
      },
      {
        id: 'refund-time',
        question: 'How long do refunds take?',
        answer:
          `Claims are reviewed within ${P.claimReview}. Approved refunds reach the account you paid ` +
          `from within ${P.refundTime}.`,
      },
      {
        id: 'doesnt-fit',
        question: 'What if it doesn’t fit?',
        answer:
          'Fit is not covered when the listing stated the size correctly, so check measurements and ' +
          'ask the seller before you buy. You can always list the item again on Rethread.',
      },
    ],
  },
  {
    id: 'account-settings',
    title: 'Account & Settings',
    description: 'Your profile, login and privacy.',
    questions: [
      {
        id: 'create-account',
        question: 'How do I create an account?',
        answer:
          `Choose Login / Sign Up, then Sign Up. You need to be at least ${P.minimumAge} years old ` +
          'and live in the United States.',
      },
      {
        id: 'forgot-password',
        question: 'I forgot my password. What can I do?',
        answer:
          'Contact our support team from the email address on your account and we will help you ' +
          'get back in.',
      },
      {
        id: 'who-sees',
        question: 'Who can see my information?',
        answer:
          'Your profile, listings, style posts and published blog posts are public; blog drafts are ' +
          'only visible to you. Sellers see a buyer’s email and shipping address only for their ' +
          'orders. Read our Privacy Policy for details.',
      },
      {
        id: 'dark-mode',
        question: 'Is there a dark mode?',
        answer:
          'Yes. Rethread follows your device’s setting, and you can switch between light and dark ' +
          'with the color scheme button in the header.',
      },
    ],
  },
];
