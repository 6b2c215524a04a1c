import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  EMPTY_FILTERS,
  filtersFromParams,
  filtersToParams,
  toggleValue,
  type ProductFilters,
} from './filters';

const read = (query: string) => filtersFromParams(new URLSearchParams(query));

describe('URL ↔ filters', () => {
  it('reads the home tiles’ links', () => {
    expect(read('brand=nike')).toEqual({ ...EMPTY_FILTERS, brands: ['nike'] });
    expect(read('category=tops')).toEqual({ ...EMPTY_FILTERS, categories: ['tops'] });
  });

  it('lower-cases brands and enumerations, drops duplicates and unknown values', () => {
    const filters = read(
      'brand=Nike&brand=NIKE&brand=Levi%27s&category=Tops&category=hats&size=XL&condition=good',
    );
    expect(filters.brands).toEqual(['nike', "levi's"]);
    expect(filters.categories).toEqual(['tops']);
    expect(filters.sizes).toEqual(['xl']);
    expect(filters.conditions).toEqual(['good']);
  });

  it('keeps prices that are non-negative amounts and a known sort', () => {
    expect(read('minPrice=10&maxPrice=99.5&sort=price_low_high')).toMatchObject({
      minPrice: '10',
      maxPrice: '99.5',
      sort: 'price_low_high',
    });
    expect(read('minPrice=-4&maxPrice=abc&sort=cheapest')).toMatchObject({
      minPrice: '',
      maxPrice: '',
      sort: 'most_recent',
    });
  });

  it('writes a short query string that reads back the same', () => {
    const filters: ProductFilters = {
      q: ' denim jacket ',
      brands: ['nike', 'h&m'],
      categories: ['outerwear'],
      sizes: ['m', 'l'],
      conditions: ['like_new'],
      minPrice: '5',
      maxPrice: '80',
      sort: 'most_popular',
    };
    const params = filtersToParams(filters);
    expect(params.toString()).toBe(
      'q=denim+jacket&brand=nike&brand=h%26m&category=outerwear&size=m&size=l&condition=like_new&minPrice=5&maxPrice=80&sort=most_popular',
    );
    expect(filtersFromParams(params)).toEqual({ ...filters, q: 'denim jacket' });
  });

  it('leaves defaults out', () => {
    expect(filtersToParams(EMPTY_FILTERS).toString()).toBe('');
    expect(filtersToParams({ ...EMPTY_FILTERS, sort: 'price_high_low' }, false).toString()).toBe('');
  });

  it('counts active filters and toggles values case-insensitively', () => {
    expect(activeFilterCount(read('brand=nike&size=m&minPrice=3&q=x&sort=most_popular'))).toBe(3);
    expect(toggleValue(['nike'], 'Nike')).toEqual([]);
    expect(toggleValue([], 'Zara')).toEqual(['zara']);
  });
});
