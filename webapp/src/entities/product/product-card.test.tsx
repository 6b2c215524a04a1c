import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeProduct, makeSeller } from '@/test-utils/products';
import { render } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import type { Product } from './product';
import { ProductCard } from './product-card';

function renderCard(product: Product) {
  return render(
    <MemoryRouter>
      <ProductCard product={product} />
    </MemoryRouter>,
  );
}

beforeEach(() => setSession('anonymous'));

describe('ProductCard', () => {
  it('shows the cover, price with $ and 2 decimals, labels and the seller', () => {
    renderCard(makeProduct({ price: '45', size: 'xl', condition: 'new_with_tags' }));
    const cover = screen.getByRole('img', { name: 'Vintage denim jacket 1' });
    expect(cover).toHaveAttribute('src', '/media/listings/1/1-thumb.jpg');
    expect(cover).toHaveAttribute('loading', 'lazy');
    expect(cover).toHaveAttribute('fetchpriority', 'auto');
    expect(screen.getByText('$45.00')).toBeInTheDocument();
    expect(screen.getByText("Levi's · XL · New with tags")).toBeInTheDocument();
    expect(screen.getByText('maya')).toBeInTheDocument();
    expect(screen.getByText('4.8')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vintage denim jacket 1' })).toHaveAttribute(
      'href',
      '/product/1',
    );
  });

  it.each([
    ['just_listed', 'Just Listed'],
    ['price_drop', 'Price Drop'],
    ['reserved', 'Reserved'],
    ['verified', 'Verified Authentic'],
  ] as const)('labels the %s badge %s', (badge, label) => {
    renderCard(makeProduct({ badge }));
    expect(screen.getByText(label)).toBeInTheDocument();
  });

  it('says Unknown User, with no reviews, when the seller is missing', () => {
    renderCard(makeProduct({ seller: null }));
    expect(screen.getByText('Unknown User')).toBeInTheDocument();
    expect(screen.getByText('No reviews yet')).toBeInTheDocument();
  });

  it('says No reviews yet instead of a 0.0 rating until the first review', () => {
    renderCard(makeProduct({ seller: { ...makeProduct().seller!, rating: null, ratingCount: 0 } }));
    expect(screen.getByText('No reviews yet')).toBeInTheDocument();
    expect(screen.queryByText('0.0')).not.toBeInTheDocument();
  });

  it("shows a reviewed seller's rating to one decimal", () => {
    renderCard(makeProduct({ seller: { ...makeProduct().seller!, rating: 4.25, ratingCount: 2 } }));
    expect(screen.getByText('4.3')).toBeInTheDocument();
  });

  it("disables the bag button of an away seller's item and says why", async () => {
    const user = userEvent.setup();
    renderCard(
      makeProduct({ seller: makeSeller({ away: true, awayNotice: 'Seller away until Dec 5, 2026' }) }),
    );
    const bag = screen.getByRole('button', { name: /Seller away until Dec 5, 2026/ });
    expect(bag).toHaveAccessibleName(
      'Seller away until Dec 5, 2026: Vintage denim jacket 1 cannot be added to your bag',
    );
    expect(bag).toHaveAttribute('aria-disabled', 'true');
    await user.hover(bag);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Seller away until Dec 5, 2026');
    await user.click(bag);
    // Nothing is tried: no log-in prompt for a visitor, no refusal afterwards.
    expect(screen.queryByText('Please log in')).not.toBeInTheDocument();
  });

  it('keeps the bag button of a seller who is not away', () => {
    renderCard(makeProduct());
    const bag = screen.getByRole('button', { name: 'Add Vintage denim jacket 1 to bag' });
    expect(bag).not.toHaveAttribute('aria-disabled');
    expect(bag).toBeEnabled();
  });

  it('asks visitors to log in before saving', async () => {
    const user = userEvent.setup();
    renderCard(makeProduct());
    const heart = screen.getByRole('button', { name: 'Save Vintage denim jacket 1' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    window.history.replaceState(null, '', '/marketplace?q=denim');
    await user.click(heart);
    expect(await screen.findByText('Please log in')).toBeInTheDocument();
    expect(screen.getByText('You need to be logged in to save items')).toBeInTheDocument();
    // The toast links to the sign-in page, which comes back here afterwards.
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      `/auth?next=${encodeURIComponent('/marketplace?q=denim')}`,
    );
  });
});
