import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeProduct } from '@/test-utils/products';
import { render } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { EAGER_CARDS, ProductGrid } from './product-grid';

beforeEach(() => setSession('anonymous'));

describe('ProductGrid', () => {
  it('loads the first cards’ photos at once and first, the rest when scrolled near', () => {
    const products = Array.from({ length: EAGER_CARDS + 3 }, (_, index) =>
      makeProduct({ id: index + 1, title: `Jacket ${index + 1}` }),
    );
    render(
      <MemoryRouter>
        <ProductGrid products={products} />
      </MemoryRouter>,
    );
    products.forEach((product, index) => {
      const cover = screen.getByRole('img', { name: product.title });
      const first = index < EAGER_CARDS;
      expect(cover).toHaveAttribute('loading', first ? 'eager' : 'lazy');
      expect(cover).toHaveAttribute('fetchpriority', first ? 'high' : 'auto');
      // The box is sized before the bytes arrive, so the grid never shifts.
      expect(cover).toHaveAttribute('width', '400');
      expect(cover).toHaveAttribute('height', '500');
    });
  });
});
