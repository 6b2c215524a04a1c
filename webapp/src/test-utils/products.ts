import type { Product, ProductPage, ProductSeller } from '@/entities/product/product';

export function makeSeller(overrides: Partial<ProductSeller> = {}): ProductSeller {
  return {
    id: 3,
    username: 'maya',
    displayName: 'Maya Chen',
    avatarUrl: null,
    rating: 4.75,
    ratingCount: 12,
    verified: false,
    away: false,
    awayNotice: null,
    ...overrides,
  };
}

export function makeProduct(overrides: Partial<Product> = {}): Product {
  const id = overrides.id ?? 1;
  return {
    id,
    title: `Vintage denim jacket ${id}`,
    description: 'Worn twice, no marks or stains.',
    price: '45.00',
    brand: "Levi's",
    size: 'm',
    condition: 'like_new',
    category: 'outerwear',
    images: [`/media/listings/${id}/1.jpg`, `/media/listings/${id}/2.jpg`],
    thumbnails: [`/media/listings/${id}/1-thumb.jpg`, `/media/listings/${id}/2-thumb.jpg`],
    status: 'available',
    badge: null,
    sellerId: 3,
    createdAt: '2025-03-01T10:00:00Z',
    watchCount: 4,
    seller: makeSeller(),
    ...overrides,
  };
}

export function makePage(
  items: Product[],
  nextCursor: string | null = null,
  total = items.length,
): ProductPage {
  return { items, nextCursor, total };
}
