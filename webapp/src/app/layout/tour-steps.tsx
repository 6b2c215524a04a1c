import {
  IconCamera,
  IconHeart,
  IconMessageCircle,
  IconShoppingBag,
  IconSparkles,
  IconTag,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface TourStep {
  title: string;
  text: string;
  icon: ReactNode;
}

/** The six steps of the welcome tour (spec §2). */
export const TOUR_STEPS: TourStep[] = [
  {
    title: 'Welcome to Rethread',
    text: 'The trusted marketplace for secondhand fashion with a social twist. Here is a quick look around.',
    icon: <IconSparkles size={36} />,
  },
  {
    title: 'Shop pre-loved pieces',
    text: 'Browse the Shop and filter by brand, category, size, condition and price. Save an average of 30% on top brands.',
    icon: <IconShoppingBag size={36} />,
  },
  {
    title: 'Save your favourites',
    text: 'Tap the heart on any listing to keep it in your Favorites and come back to it later.',
    icon: <IconHeart size={36} />,
  },
  {
    title: 'Connect with sellers',
    text: 'Message sellers, make offers and follow the people whose style you love.',
    icon: <IconMessageCircle size={36} />,
  },
  {
    title: 'Sell what you no longer wear',
    text: 'List an item in minutes with up to 5 photos. Buyers pay shipping, and you see what you will earn before you post.',
    icon: <IconTag size={36} />,
  },
  {
    title: 'Share your style',
    text: 'Post outfits to the Style Feed, tag the pieces you are wearing and get likes and comments.',
    icon: <IconCamera size={36} />,
  },
];
