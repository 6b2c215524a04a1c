import { describe, expect, it } from 'vitest';
import { sharedFixture } from '@/test-utils/fixtures';
import {
  BADGES,
  badgeLabel,
  CATEGORIES,
  categoryLabel,
  type Choice,
  CONDITIONS,
  conditionLabel,
  FEATURED_BRANDS,
  MAX_LISTING_IMAGES,
  SIZES,
  sizeLabel,
  listingSizeLabel,
  sizePhrase,
} from './catalog-enums';

interface EnumsFixture {
  conditions: Choice[];
  categories: Choice[];
  sizes: Choice[];
  badges: Choice[];
  featuredBrands: string[];
  maxListingImages: number;
}

const fixture = sharedFixture<EnumsFixture>('catalog-enums.json');

describe('catalog enumerations (checked against domain/catalog.py via the shared fixture)', () => {
  it('match the fixture value by value, label by label, in order', () => {
    expect(CONDITIONS).toEqual(fixture.conditions);
    expect(CATEGORIES).toEqual(fixture.categories);
    expect(SIZES).toEqual(fixture.sizes);
    expect(BADGES).toEqual(fixture.badges);
    expect(FEATURED_BRANDS).toEqual(fixture.featuredBrands);
    expect(MAX_LISTING_IMAGES).toBe(fixture.maxListingImages);
  });

  it('labels values and shows unknown ones as they came', () => {
    expect(conditionLabel('new_with_tags')).toBe('New with tags');
    expect(categoryLabel('outerwear')).toBe('Outerwear');
    expect(sizeLabel('3xl')).toBe('3XL');
    expect(badgeLabel('verified')).toBe('Verified Authentic');
    expect(sizeLabel('EU 38')).toBe('EU 38');
    expect(conditionLabel(null)).toBe('');
  });

  it('says "One size" for bags and the title\'s shoe size for shoes instead of "Other"', () => {
    const listing = (category: string, size: string, title: string) => ({ category, size, title });
    expect(listingSizeLabel(listing('accessories', 'other', 'Coach tote, tan'))).toBe('One size');
    expect(listingSizeLabel(listing('footwear', 'other', 'Vans Old Skool, black, US 9.5'))).toBe('US 9.5');
    expect(listingSizeLabel(listing('footwear', 'other', 'Birkenstocks EU 41'))).toBe('EU 41');
    expect(listingSizeLabel(listing('footwear', 'other', 'Loafers, barely worn'))).toBe('Other');
    expect(listingSizeLabel(listing('tops', 'other', 'Scarf, US 9 shipping'))).toBe('Other');
    expect(listingSizeLabel(listing('footwear', 'm', 'Slippers US 9'))).toBe('M');
  });

  it('puts the size in a line of details, and leaves out a size the catalog does not name', () => {
    const listing = (category: string, size: string, title: string) => ({ category, size, title });
    expect(sizePhrase(listing('tops', 'm', 'Linen shirt'))).toBe('Size M');
    expect(sizePhrase(listing('footwear', 'other', 'Vans Old Skool, black, US 9.5'))).toBe('Size US 9.5');
    expect(sizePhrase(listing('accessories', 'other', 'Coach tote, tan'))).toBe('One size');
    expect(sizePhrase(listing('footwear', 'other', 'Loafers, barely worn'))).toBe('');
    expect(sizePhrase(listing('tops', 'other', 'Scarf'))).toBe('');
  });
});
