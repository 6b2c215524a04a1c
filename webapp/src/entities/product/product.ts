import { formatCount, formatCountOf } from '@/lib/formatters';

/** A listing as the catalog API sends it (JSON camelCase; money as decimal strings). */
/** `hidden`: a moderator or its seller's suspension hid it (docs/trust.md); only its seller
 *  and administrators get it. */
export type ProductStatus = 'available' | 'reserved' | 'sold' | 'hidden';

/** What a listing that cannot be bought is called wherever it says so (the buy button, the
 *  seller's locked note, checkout); 'Reserved' is also the card's badge (catalog-enums BADGES). */
export const UNAVAILABLE_LABEL: Record<Exclude<ProductStatus, 'available'>, string> = {
  reserved: 'Reserved',
  sold: 'Sold',
  hidden: 'Not for sale',
};
export type ProductBadge = 'just_listed' | 'price_drop' | 'reserved' | 'verified';

export interface ProductSeller {
  id: number;
  username: string;
  displayName: string;
  avatarUrl: string | null;
  rating: number | null;
  ratingCount: number;
  verified: boolean;
  /** On vacation now (read with the card, never from the search index): nothing of theirs
   *  can be bought or bagged, so the card's bag button is disabled with `awayNotice`. */
  away: boolean;
  /** "Seller away until Dec 5, 2026" (the product page's notice); null when not away. */
  awayNotice: string | null;
}

/** What a listing's seller may do with it now, from the rule the server's 409 applies
 *  (domain/listings.py `Listing.rights`): a reserved or sold listing is neither edited nor
 *  deleted, and one any order names is never deleted. `reason`: the 409's own sentence. */
export interface OwnerActions {
  canEdit: boolean;
  canDelete: boolean;
  reason: string | null;
}

export interface Product {
  id: number;
  title: string;
  description: string;
  /** '12.50' */
  price: string;
  brand: string;
  size: string;
  condition: string;
  category: string;
  /** Display-size photo URLs; the first is the cover. */
  images: string[];
  /** Thumbnail URLs in the same order as `images`. */
  thumbnails: string[];
  status: ProductStatus;
  badge: ProductBadge | null;
  sellerId: number;
  createdAt: string;
  watchCount: number;
  seller: ProductSeller | null;
  /** The product page's answer only (GET /api/products/{id}): why a moderator hid it, for
   *  its seller and administrators (the only ones who get a hidden listing); else null. */
  hiddenReason?: string | null;
  /** The same answer, for the same two: who hid it, a moderator (an administrator may
   *  restore it) or its seller's suspension (it comes back with the suspension's end). */
  hiddenCause?: 'moderator' | 'suspension' | null;
  /** The same answer, for the same two: its seller has closed their account, which took it
   *  down for good (an administrator cannot restore it). */
  sellerClosed?: boolean;
  /** The product page's answer to a signed-in reader (absent for visitors): the reader
   *  blocked its seller, so it cannot be bought, offered on or bagged and the seller cannot
   *  be messaged or followed (docs/trust.md). Never says that the seller blocked the reader. */
  blockedByYou?: boolean;
  /** The product page's answer to its seller only (and the answers to their create and edit):
   *  what they may do with it now. Null or absent for everyone else. */
  ownerActions?: OwnerActions | null;
}

export interface ProductPage {
  items: Product[];
  nextCursor: string | null;
  /** Exact up to 10,000; past that `totalCapped` is true and the page says "10,000+". */
  total: number;
  totalCapped?: boolean;
  /** The corrected words these items were found for, when the typed words matched nothing. */
  didYouMean?: string | null;
}

/** "1 item", "12 items", "10,000+ items" (the server stops counting at 10,000). */
export function itemCount(page: Pick<ProductPage, 'total' | 'totalCapped'>): string {
  if (page.totalCapped) return `${formatCount(page.total)}+ items`;
  return formatCountOf(page.total, 'item');
}

/** The cover thumbnail (falls back to the display image, then to nothing). */
export function coverThumbnail(product: Pick<Product, 'images' | 'thumbnails'>): string | undefined {
  return product.thumbnails[0] ?? product.images[0];
}

/** Query keys shared by every feature that reads or changes products. */
export const productKeys = {
  all: ['products'] as const,
  detail: (id: number) => ['products', 'detail', id] as const,
};
