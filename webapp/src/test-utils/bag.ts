import type { Bag, BagGroup } from '@/entities/bag/bag';
import type { Product } from '@/entities/product/product';
import { makeSeller } from './products';

/** One seller's group of a bag, every item available, priced as the server would answer for
 *  two items of $45 (overrides for the figures a test reads). */
export function makeBagGroup(products: Product[], overrides: Partial<BagGroup> = {}): BagGroup {
  return {
    seller: products[0]?.seller ?? makeSeller(),
    sellerId: products[0]?.sellerId ?? 3,
    items: products.map((product) => ({ product, available: true })),
    tiers: [],
    itemCount: products.length,
    subtotal: '90.00',
    discount: '0.00',
    discountPercent: 0,
    price: '90.00',
    serviceFee: '4.50',
    shipping: '5.00',
    total: '99.50',
    nextTier: null,
    ...overrides,
  };
}

/** A bag of one seller's group (empty: no group). */
export function makeBag(products: Product[]): Bag {
  return { count: products.length, groups: products.length ? [makeBagGroup(products)] : [] };
}
