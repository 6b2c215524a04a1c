/**
 * The listing vocabulary (values the API sends, labels people read), one copy for the webapp.
 * Kept equal to domain/catalog.py through tests/fixtures/catalog-enums.json: vitest checks this
 * module against it and a Python unit test checks it against the domain.
 */
export interface Choice {
  value: string;
  label: string;
}

export const CONDITIONS: readonly Choice[] = [
  { value: 'new_with_tags', label: 'New with tags' },
  { value: 'like_new', label: 'Like new' },
  { value: 'good', label: 'Good' },
  { value: 'fair', label: 'Fair' },
];

export const CATEGORIES: readonly Choice[] = [
  { value: 'tops', label: 'Tops' },
  { value: 'bottoms', label: 'Bottoms' },
  { value: 'outerwear', label: 'Outerwear' },
  { value: 'dresses', label: 'Dresses' },
  { value: 'accessories', label: 'Accessories' },
  { value: 'footwear', label: 'Footwear' },
  { value: 'other', label: 'Other' },
];

export const SIZES: readonly Choice[] = [
  { value: 'xxs', label: 'XXS' },
  { value: 'xs', label: 'XS' },
  { value: 's', label: 'S' },
  { value: 'm', label: 'M' },
  { value: 'l', label: 'L' },
  { value: 'xl', label: 'XL' },
  { value: 'xxl', label: 'XXL' },
  { value: '3xl', label: '3XL' },
  { value: 'other', label: 'Other' },
];

export const BADGES: readonly Choice[] = [
  { value: 'just_listed', label: 'Just Listed' },
  { value: 'price_drop', label: 'Price Drop' },
  { value: 'reserved', label: 'Reserved' },
  { value: 'verified', label: 'Verified Authentic' },
];

export const FEATURED_BRANDS: readonly string[] = [
  'Nike',
  'Adidas',
  'Zara',
  'H&M',
  "Levi's",
  'North Face',
  'Uniqlo',
  'Michael Kors',
];

export const MAX_LISTING_IMAGES = 5;

function labeller(choices: readonly Choice[]) {
  const labels = new Map(choices.map((choice) => [choice.value, choice.label]));
  return (value: string | null | undefined): string =>
    (value && labels.get(value.toLowerCase())) || value || '';
}

/** 'like_new' → 'Like new'; an unknown value is shown as it came. */
export const conditionLabel = labeller(CONDITIONS);
export const categoryLabel = labeller(CATEGORIES);
export const sizeLabel = labeller(SIZES);
export const badgeLabel = labeller(BADGES);

const SHOE_SIZE = /\b(?:US|UK|EU) ?\d{1,2}(?:\.5)?\b/;

/**
 * A listing's size as a shopper reads it. The spec's sizes have no shoe sizes, so "other"
 * says more where the category allows: "One size" for accessories, and for footwear the
 * size its title gives ("…, US 9"), else "Other" (docs/catalog.md, "Demo photos").
 */
export function listingSizeLabel(listing: { size: string; category: string; title: string }): string {
  if (listing.size?.toLowerCase() !== 'other') return sizeLabel(listing.size);
  if (listing.category === 'accessories') return 'One size';
  if (listing.category === 'footwear') return listing.title.match(SHOE_SIZE)?.[0] ?? sizeLabel(listing.size);
  return sizeLabel(listing.size);
}

/**
 * A listing's size in a line of details: "Size M", "Size US 9", "One size"; nothing for a size
 * the catalog does not name ("other" where the category and title say no more).
 */
export function sizePhrase(listing: { size: string; category: string; title: string }): string {
  const label = listingSizeLabel(listing);
  if (listing.size?.toLowerCase() !== 'other') return `Size ${label}`;
  if (listing.category === 'accessories') return label;
  return label === sizeLabel(listing.size) ? '' : `Size ${label}`;
}
