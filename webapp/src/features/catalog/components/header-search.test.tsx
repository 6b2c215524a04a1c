import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import { HeaderSearch } from './header-search';

const routes = [{ path: '*', element: <HeaderSearch /> }];
const suggestions = {
  brands: [{ value: "Levi's", count: 12 }],
  categories: ['outerwear'],
  words: ['jacket', 'jackets'],
};

beforeEach(() => {
  setSession('anonymous');
  window.localStorage.clear();
});

describe('HeaderSearch', () => {
  it('is a combobox that sends Enter to the shop with the words in the URL', async () => {
    fakeServer({ 'GET /api/products/suggestions': () => json(suggestions) });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/blog');
    const box = screen.getByRole('combobox', { name: 'Search listings' });
    expect(box).toHaveAttribute('aria-haspopup', 'listbox');
    await user.type(box, 'denim jacket{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/marketplace'));
    expect(router.state.location.search).toBe('?q=denim+jacket');
  });

  it('suggests brands, categories and words, and picks one with the keyboard', async () => {
    const server = fakeServer({ 'GET /api/products/suggestions': () => json(suggestions) });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/');
    const box = screen.getByRole('combobox', { name: 'Search listings' });
    await user.type(box, 'ja');
    expect(await screen.findByRole('option', { name: "Levi's" })).toBeInTheDocument();
    const list = screen.getByRole('listbox', { name: 'Search suggestions' });
    expect(within(list).getByRole('option', { name: 'Outerwear' })).toBeInTheDocument();
    expect(within(list).getByRole('group', { name: 'Search for' })).toBeInTheDocument();
    const asked = server.requests.map((request) => new URL(request.url).search);
    expect(asked.at(-1)).toBe('?q=ja');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    // Brands, Categories, Search for: the third option is the first word.
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=jacket'));
    expect(router.state.location.pathname).toBe('/marketplace');
  });

  it('takes a brand suggestion to its filter and remembers recent searches', async () => {
    fakeServer({ 'GET /api/products/suggestions': () => json(suggestions) });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/');
    const box = screen.getByRole('combobox', { name: 'Search listings' });
    await user.type(box, 'puffer{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=puffer'));
    await user.clear(box);
    await user.type(box, 'lev');
    await user.click(await screen.findByRole('option', { name: "Levi's" }));
    await waitFor(() => expect(router.state.location.search).toBe('?brand=levi%27s'));
    await user.click(box);
    expect(await screen.findByRole('option', { name: 'puffer' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Recent searches' })).toBeInTheDocument();
  });

  it('shows the query of the shop URL and keeps its other filters', async () => {
    fakeServer({ 'GET /api/products/suggestions': () => json(suggestions) });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/marketplace?q=coat&category=outerwear&exact=true');
    const box = screen.getByRole('combobox', { name: 'Search listings' });
    expect(box).toHaveValue('coat');
    await user.clear(box);
    await user.type(box, 'wool coat{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=wool+coat&category=outerwear'));
  });

  it('lets a member save the words in the box as a search, with the keyboard', async () => {
    setSession('authenticated', makeUser());
    const server = fakeServer({
      'GET /api/products/suggestions': () => json({ brands: [], categories: [], words: [] }),
      'POST /api/saved-searches': () =>
        json(
          {
            id: 7,
            name: 'levis jacket',
            query: { q: 'levis jacket' },
            newCount: 0,
            createdAt: '2026-11-28T02:00:00Z',
            openedAt: '2026-11-28T02:00:00Z',
          },
          201,
        ),
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/blog');
    const box = screen.getByRole('combobox', { name: 'Search listings' });
    await user.type(box, 'levis jacket');
    expect(await screen.findByRole('option', { name: 'Save this search: levis jacket' })).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByText('Search saved')).toBeInTheDocument();
    const posted = server.requests.find((request) => request.method === 'POST');
    expect(await posted?.json()).toEqual({ query: { q: 'levis jacket' } });
    expect(router.state.location.pathname).toBe('/blog');
    expect(box).toHaveValue('levis jacket');
  });

  it('says a search the member had already saved (200) is already saved, not saved again', async () => {
    setSession('authenticated', makeUser());
    fakeServer({
      'GET /api/products/suggestions': () => json({ brands: [], categories: [], words: [] }),
      'POST /api/saved-searches': () =>
        json({
          id: 7,
          name: 'levis jacket',
          query: { q: 'levis jacket' },
          newCount: 0,
          createdAt: '2026-11-28T02:00:00Z',
          openedAt: '2026-11-28T02:00:00Z',
        }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/blog');
    await user.type(screen.getByRole('combobox', { name: 'Search listings' }), 'levis jacket');
    await user.click(await screen.findByRole('option', { name: 'Save this search: levis jacket' }));
    expect(await screen.findByText('Already saved')).toBeInTheDocument();
    expect(screen.getByText('“levis jacket” is already in your saved searches.')).toBeInTheDocument();
    expect(screen.queryByText('Search saved')).not.toBeInTheDocument();
  });

  it('offers no save to a visitor or for an empty box', async () => {
    fakeServer({ 'GET /api/products/suggestions': () => json(suggestions) });
    const user = userEvent.setup();
    renderRoutes(routes, '/');
    await user.type(screen.getByRole('combobox', { name: 'Search listings' }), 'ja');
    expect(await screen.findByRole('option', { name: "Levi's" })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Save this search/ })).not.toBeInTheDocument();
  });
});
