import { CATEGORIES, CONDITIONS, MAX_LISTING_IMAGES, SIZES, type Choice } from '@/entities/product/catalog-enums';
import { toCents } from '@/entities/product/fees';

/** The create-listing form's checks with the spec §5 messages (domain/validation/listings.py). */
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
  title: '', description: '', price: '', brand: '', size: '', condition: '', category: '',
};

const MAX_CENTS = 100_000_000;

function lengthError(text: string, min: number, max: number, short: string, long: string): string | undefined {
  const length = text.trim().length;
  if (length < min) return short;
  return length > max ? long : undefined;
}

function priceError(price: string): string | undefined {
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
  if (count < 1) return 'At least one image is required';
  return count > MAX_LISTING_IMAGES ? `You can upload at most ${MAX_LISTING_IMAGES} images` : undefined;
}

export function validateListing(values: ListingValues, imageCount: number): ListingErrors {
  const found: ListingErrors = {
    title: lengthError(values.title, 3, 100, 'Title must be at least 3 characters', 'Title must be less than 100 characters'),
    description: lengthError(values.description, 10, 5000, 'Description must be at least 10 characters', 'Description must be at most 5000 characters'),
    price: priceError(values.price),
    brand: lengthError(values.brand, 1, 50, 'Brand is required', 'Brand must be at most 50 characters'),
    size: choiceError(values.size, SIZES, 'Size is required'),
    condition: choiceError(values.condition, CONDITIONS, 'Condition is required'),
    category: choiceError(values.category, CATEGORIES, 'Category is required'),
    images: imagesError(imageCount),
  };
  return Object.fromEntries(Object.entries(found).filter(([, message]) => message)) as ListingErrors;
}
