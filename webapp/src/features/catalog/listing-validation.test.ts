import { describe, expect, it } from 'vitest';
import { messageCases } from '@/test-utils/form-messages';
import { EMPTY_LISTING, validateListing, type ListingValues } from './listing-validation';

type FixtureListing = ListingValues & { imageCount: number };

const valid: ListingValues = {
  title: 'Denim jacket',
  description: 'Classic trucker jacket, barely worn.',
  price: '45.00',
  brand: "Levi's",
  size: 'm',
  condition: 'like_new',
  category: 'outerwear',
};

describe('validateListing (spec §5 Listing)', () => {
  it.each(messageCases<FixtureListing>('listing'))(
    'words %s as the server does (form-messages.json)',
    (_name, { values, field, message }) => {
      const { imageCount, ...listing } = values;
      expect(validateListing(listing, imageCount)[field as keyof ListingValues]).toBe(message);
    },
  );

  it('accepts a complete listing with one photo', () => {
    expect(validateListing(valid, 1)).toEqual({});
  });

  it('says every field of an empty form is required, never "at least N characters"', () => {
    expect(validateListing(EMPTY_LISTING, 0)).toEqual({
      title: 'Title is required',
      description: 'Description is required',
      price: 'Price is required',
      brand: 'Brand is required',
      size: 'Size is required',
      condition: 'Condition is required',
      category: 'Category is required',
      images: 'At least one image is required',
    });
  });

  it('counts trimmed text and limits lengths', () => {
    expect(validateListing({ ...valid, title: '  ab  ' }, 1).title).toBe(
      'Title must be at least 3 characters',
    );
    expect(validateListing({ ...valid, title: 'x'.repeat(101) }, 1).title).toBe(
      'Title must be less than 100 characters',
    );
    expect(validateListing({ ...valid, description: 'too short' }, 1).description).toBe(
      'Description must be at least 10 characters',
    );
    expect(validateListing({ ...valid, brand: '   ' }, 1).brand).toBe('Brand is required');
  });

  it.each(['', '  '])('says an empty price %j is required', (price) => {
    expect(validateListing({ ...valid, price }, 1).price).toBe('Price is required');
  });

  it.each(['0', '0.00', '-5', 'abc'])('refuses the price %j', (price) => {
    expect(validateListing({ ...valid, price }, 1).price).toBe('Price must be positive');
  });

  it('refuses fractions of a cent and prices above the cap', () => {
    expect(validateListing({ ...valid, price: '1.005' }, 1).price).toBe(
      'Price can have at most 2 decimal places',
    );
    expect(validateListing({ ...valid, price: '1000000.01' }, 1).price).toBe(
      'Price cannot be more than $1,000,000.00',
    );
    expect(validateListing({ ...valid, price: '0.01' }, 1).price).toBeUndefined();
  });

  it('allows at most 5 photos and only known sizes', () => {
    expect(validateListing(valid, 6).images).toBe('You can upload at most 5 images');
    expect(validateListing({ ...valid, size: 'huge' }, 1).size).toBe('Size is required');
  });
});
