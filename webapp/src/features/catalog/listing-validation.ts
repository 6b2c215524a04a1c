import limits from '@fixtures/form-limits.json';
import {
  CATEGORIES,
  CONDITIONS,
  MAX_LISTING_IMAGES,
  SIZES,
  type Choice,
} from '@/entities/product/catalog-enums';
import { toCents } from '@/entities/product/fees';
import { lengthError, requiredMessage } from '@/lib/text-rules';

/** The create-listing form's checks with the spec §5 messages (domain/validation/listings.py): a
 *  blank field is required, a short one "at least N characters" (tests/fixtures/form-messages.json). */
export interface ListingValues {
  title: string;
  description: string;
  price: string;
  brand: string;
  size: string;
  condition: string;
  category: string;
}

export type ListingField = keyof ListingValues | 'images';
export type ListingErrors = Partial<Record<ListingField, string>>;

export const EMPTY_LISTING: ListingValues = {
  title: '',
  description: '',
  price: '',
  brand: '',
  size: '',
  condition: '',
  category: '',
};

const MAX_CENTS = 100_000_000;
// domain/validation/listings.py's lengths, through the fixture the Python tests hold to it.
const { title: TITLE, description: DESCRIPTION, brand: BRAND, images: IMAGES } = limits.listing;

function priceError(price: string): string | undefined {
  if (price.trim() === '') return requiredMessage('Price');
  const cents = toCents(price);
  if (cents === undefined || cents <= 0) return 'Price must be positive';
  if (!/^\d*(\.\d{0,2})?$/.test(price.trim())) return 'Price can have at most 2 decimal places';
  return cents > MAX_CENTS ? 'Price cannot be more than $1,000,000.00' : undefined;
}

function choiceError(value: string, choices: readonly Choice[], required: string): string | undefined {
  if (!value) return required;
  return choices.some((choice) => choice.value === value) ? undefined : required;
}

function imagesError(count: number): string | undefined {
  if (count < IMAGES.min) return 'At least one image is required';
  return count > MAX_LISTING_IMAGES ? `You can upload at most ${MAX_LISTING_IMAGES} images` : undefined;
}

export function validateListing(values: ListingValues, imageCount: number): ListingErrors {
  const found: ListingErrors = {
    title: lengthError(values.title.trim(), TITLE, {
      required: requiredMessage('Title'),
      short: `Title must be at least ${TITLE.min} characters`,
      long: `Title must be less than ${TITLE.max} characters`,
    }),
    description: lengthError(values.description.trim(), DESCRIPTION, {
      required: requiredMessage('Description'),
      short: `Description must be at least ${DESCRIPTION.min} characters`,
      long: `Description must be at most ${DESCRIPTION.max} characters`,
    }),
    price: priceError(values.price),
    brand: lengthError(values.brand.trim(), BRAND, {
      required: requiredMessage('Brand'),
      short: requiredMessage('Brand'),
      long: `Brand must be at most ${BRAND.max} characters`,
    }),
    size: choiceError(values.size, SIZES, 'Size is required'),
    condition: choiceError(values.condition, CONDITIONS, 'Condition is required'),
    category: choiceError(values.category, CATEGORIES, 'Category is required'),
    images: imagesError(imageCount),
  };
  return Object.fromEntries(Object.entries(found).filter(([, message]) => message)) as ListingErrors;
}
