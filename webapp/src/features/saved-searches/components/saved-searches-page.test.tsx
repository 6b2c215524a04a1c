import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SavedSearch } from '@/entities/saved-search/saved-search';
import { fakeServer, json } from '@/test-utils/fake-server';
import { makeProduct } from '@/test-utils/products';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import SavedSearchesPage from './saved-searches-page';

const routes = [{ path: '/saved-searches', element: <SavedSearchesPage /> }];

const search: SavedSearch = {
  id: 4,
  name: 'levis jacket, size M',
  newCount: 2,
  createdAt: '2026-11-27T10:00:00Z',
  openedAt: '2026-11-27T10:00:00Z',
  query: {
    q: 'levis jacket',
    brand: [],
    category: [],
    size: ['M'],
    condition: [],
    minPrice: null,
    maxPrice: '60',
  },
};

beforeEach(() => {
  document.cookie = 'csrftoken=t';
  setSession('authenticated', makeUser({ id: 3, username: 'maya' }));
});

describe('SavedSearchesPage', () => {
  it('lists saved searches with their new counts, shows matches and links to the shop', async () => {
    fakeServer({
      'GET /api/saved-searches': () => json({ items: [search] }),
      'GET /api/saved-searches/4/matches': () =>
        json({
          search: { ...search, newCount: 0 },
          items: [makeProduct({ id: 9, title: "Levi's Trucker Jacket" })],
          newIds: [9],
        }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/saved-searches');
    const card = await screen.findByRole('article', { name: 'Saved search levis jacket, size M' });
    expect(within(card).getByText('2 new')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Open in the shop' })).toHaveAttribute(
      'href',
      '/marketplace?q=levis+jacket&size=M&maxPrice=60',
    );
    await user.click(within(card).getByRole('button', { name: 'Show matches' }));
    expect(await within(card).findByText("Levi's Trucker Jacket")).toBeInTheDocument();
  });

  it('has an empty state', async () => {
    fakeServer({ 'GET /api/saved-searches': () => json({ items: [] }) });
    renderRoutes(routes, '/saved-searches');
    expect(await screen.findByText('No saved searches yet')).toBeInTheDocument();
  });
});
