import { screen, waitFor, within } from '@testing-library/react';
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
    // Open, the same button says what it does next (and that its matches are expanded).
    const hide = within(card).getByRole('button', { name: 'Hide matches' });
    expect(hide).toHaveAttribute('aria-expanded', 'true');
    await user.click(hide);
    expect(within(card).queryByText("Levi's Trucker Jacket")).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Show matches' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('has an empty state', async () => {
    fakeServer({ 'GET /api/saved-searches': () => json({ items: [] }) });
    renderRoutes(routes, '/saved-searches');
    expect(await screen.findByText('No saved searches yet')).toBeInTheDocument();
  });

  it('moves the focus to the next saved search when one is deleted, then to the heading', async () => {
    const other = { ...search, id: 5, name: 'prada bag' };
    let saved = [search, other];
    fakeServer({
      'GET /api/saved-searches': () => json({ items: saved }),
      'DELETE /api/saved-searches/4': () => {
        saved = [other];
        return new Response(null, { status: 204 });
      },
      'DELETE /api/saved-searches/5': () => {
        saved = [];
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/saved-searches');
    await user.click(await screen.findByRole('button', { name: 'Delete saved search levis jacket, size M' }));
    const next = await screen.findByRole('article', { name: 'Saved search prada bag' });
    await waitFor(() => expect(screen.queryByText('levis jacket, size M')).not.toBeInTheDocument());
    await waitFor(() => expect(document.activeElement).toBe(next));
    await user.click(within(next).getByRole('button', { name: 'Delete saved search prada bag' }));
    expect(await screen.findByText('No saved searches yet')).toBeInTheDocument();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Saved searches', level: 1 })),
    );
  });
});
