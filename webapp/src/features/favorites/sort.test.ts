import { describe, expect, it } from 'vitest';
import type { Favorite } from '@/entities/favorites/favorites';
import { makeProduct } from '@/test-utils/products';
import { sortFavorites } from './sort';

function favorite(id: number, createdAt: string, price: string, watchCount: number): Favorite {
  return { id, productId: id, createdAt, product: makeProduct({ id, price, watchCount }) };
}

const list = [
  favorite(1, '2025-01-02T00:00:00Z', '20.00', 3),
  favorite(2, '2025-01-03T00:00:00Z', '5.50', 9),
  favorite(3, '2025-01-01T00:00:00Z', '120.00', 1),
];
const ids = (favorites: Favorite[]) => favorites.map((entry) => entry.productId);

describe('sortFavorites', () => {
  it('sorts by when it was saved, price either way, and watchers', () => {
    expect(ids(sortFavorites(list, 'recent'))).toEqual([2, 1, 3]);
    expect(ids(sortFavorites(list, 'price_asc'))).toEqual([2, 1, 3]);
    expect(ids(sortFavorites(list, 'price_desc'))).toEqual([3, 1, 2]);
    expect(ids(sortFavorites(list, 'popular'))).toEqual([2, 1, 3]);
  });

  it('does not change the list it was given', () => {
    sortFavorites(list, 'price_desc');
    expect(ids(list)).toEqual([1, 2, 3]);
  });
});
