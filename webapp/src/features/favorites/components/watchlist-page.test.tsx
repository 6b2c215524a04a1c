import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Favorite } from '@/entities/favorites/favorites';
import { fakeServer, json } from '@/test-utils/fake-server';
import { makeProduct } from '@/test-utils/products';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import WatchlistPage from './watchlist-page';

const routes = [
  { path: '/favorites', element: <WatchlistPage /> },
  { path: '/auth', element: <p>Auth page</p> },
];

function saved(id: number, price: string, createdAt: string): Favorite {
  return { id, productId: id, createdAt, product: makeProduct({ id, price, title: `Item ${id}` }) };
}

const titles = () => screen.getAllByRole('link', { name: /^Item / }).map((link) => link.textContent);

beforeEach(() => {
  setSession('authenticated', makeUser());
  document.cookie = 'csrftoken=t';
});

describe('WatchlistPage', () => {
  it('lists saved items and sorts them by price', async () => {
    fakeServer({
      'GET /api/favorites': () =>
        json([saved(1, '30.00', '2025-01-03T00:00:00Z'), saved(2, '10.00', '2025-01-02T00:00:00Z')]),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/favorites');
    expect(await screen.findByText('2 saved items')).toBeInTheDocument();
    expect(titles()).toEqual(['Item 1', 'Item 2']);
    await user.click(screen.getByLabelText('Sort saved items', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Price low to high' }));
    expect(titles()).toEqual(['Item 2', 'Item 1']);
  });

  it('removes an item with a toast', async () => {
    let list = [saved(1, '30.00', '2025-01-03T00:00:00Z')];
    fakeServer({
      'GET /api/favorites': () => json(list),
      'DELETE /api/favorites/1': () => {
        list = [];
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/favorites');
    await user.click(await screen.findByRole('button', { name: 'Remove Item 1 from favorites' }));
    expect(await screen.findByText('Removed from watch list')).toBeInTheDocument();
    expect(await screen.findByText('Your watch list is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Marketplace' })).toHaveAttribute('href', '/marketplace');
  });

  it('offers Try Again when loading fails', async () => {
    fakeServer({ 'GET /api/favorites': () => json({ message: 'Busy' }, 503) });
    renderRoutes(routes, '/favorites');
    expect(await screen.findByText('Failed to load watched items')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('sends an expired session to /auth with a toast', async () => {
    fakeServer({ 'GET /api/favorites': () => json({ message: 'Not logged in' }, 401) });
    const { router } = renderRoutes(routes, '/favorites');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(await screen.findByText('Authentication required')).toBeInTheDocument();
    expect(screen.getByText('Please log in to view your favorites')).toBeInTheDocument();
  });
});
