import type { Favorite } from '@/entities/favorites/favorites';

/** The watch list's sorts (spec: Most Recent, Price low to high, Price high to low, Most Popular). */
export const FAVORITE_SORTS = [
  { value: 'recent', label: 'Most Recent' },
  { value: 'price_asc', label: 'Price low to high' },
  { value: 'price_desc', label: 'Price high to low' },
  { value: 'popular', label: 'Most Popular' },
] as const;

export type FavoriteSort = (typeof FAVORITE_SORTS)[number]['value'];

const time = (favorite: Favorite) => new Date(favorite.createdAt).getTime() || 0;
const price = (favorite: Favorite) => Number(favorite.product.price) || 0;

const COMPARE: Record<FavoriteSort, (a: Favorite, b: Favorite) => number> = {
  recent: (a, b) => time(b) - time(a),
  price_asc: (a, b) => price(a) - price(b),
  price_desc: (a, b) => price(b) - price(a),
  // Rethread orders by how many people watch the item (the spec kept the order unchanged).
  popular: (a, b) => b.product.watchCount - a.product.watchCount,
};

/** A sorted copy; ties keep the order the server sent (Array.prototype.sort is stable). */
export function sortFavorites(favorites: Favorite[], sort: FavoriteSort): Favorite[] {
  return [...favorites].sort(COMPARE[sort]);
}
