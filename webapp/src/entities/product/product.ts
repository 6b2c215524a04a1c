/** A listing as the catalog API sends it (JSON camelCase; money as decimal strings). */
export type ProductStatus = 'available' | 'reserved' | 'sold';
export type ProductBadge = 'just_listed' | 'price_drop' | 'reserved' | 'verified';

export interface ProductSeller {
  id: number;
  username: string;
  displayName: string;
  avatarUrl: string | null;
  rating: number | null;
  ratingCount: number;
  verified: boolean;
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
}

export interface ProductPage {
  items: Product[];
  nextCursor: string | null;
  total: number;
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
