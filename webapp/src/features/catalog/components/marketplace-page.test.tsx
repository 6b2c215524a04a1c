import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { makePage, makeProduct } from '@/test-utils/products';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { HeaderSearch } from './header-search';
import MarketplacePage from './marketplace-page';
import { onPhone } from '@/test-utils/viewport';

const routes = [
  {
    path: '/marketplace',
    element: (
      <>
        <HeaderSearch />
        <MarketplacePage />
      </>
    ),
  },
];
const facets = {
  brands: [{ value: 'Nike', count: 2 }],
  categories: [{ value: 'tops', count: 2 }],
  sizes: [],
  conditions: [],
};
const queriesTo = (pathname: string) => (requests: Request[]) =>
  requests
    .map((request) => new URL(request.url))
    .filter((url) => url.pathname === pathname)
    .map((url) => url.search);
const searches = queriesTo('/api/products');
const facetSearches = queriesTo('/api/products/facets');
/** A server that corrects "jakcet" to "jacket", and finds nothing for the typed word. */
const correctingServer = () =>
  fakeServer({
    'GET /api/products': (request) =>
      new URL(request.url).searchParams.get('exact') === 'true'
        ? json(makePage([]))
        : json({ ...makePage([makeProduct({ title: 'Denim jacket' })]), didYouMean: 'jacket' }),
    'GET /api/products/facets': () => json(facets),
  });

beforeEach(() => setSession('anonymous'));

describe('MarketplacePage', () => {
  it('shows a divider under each checklist with choices, none for a search that matches nothing', async () => {
    fakeServer({
      'GET /api/products': () => json(makePage([makeProduct({ id: 1 })], null, 1)),
      'GET /api/products/facets': (request) =>
        new URL(request.url).searchParams.get('q') === 'xyzzy'
          ? json({ brands: [], categories: [], sizes: [], conditions: [] })
          : json(facets),
    });
    renderRoutes(routes, '/marketplace');
    const sidebar = await screen.findByRole('region', { name: 'Filters' });
    await within(sidebar).findByRole('checkbox', { name: /Nike/ });
    // Brand and Category have choices; Size and Condition none (the price range is the last group).
    expect(within(sidebar).getAllByRole('group')).toHaveLength(3);
    expect(within(sidebar).getAllByRole('separator')).toHaveLength(2);
    renderRoutes(routes, '/marketplace?q=xyzzy');
    const empty = (await screen.findAllByRole('region', { name: 'Filters' })).at(-1)!;
    await waitFor(() => expect(within(empty).queryByRole('separator')).not.toBeInTheDocument());
    expect(within(empty).getAllByRole('group')).toHaveLength(1);
  });

  it('asks the server for the filters in the URL, 12 first, and shows the total', async () => {
    const server = fakeServer({
      'GET /api/products': () => json(makePage([makeProduct({ id: 1 }), makeProduct({ id: 2 })], null, 2)),
      'GET /api/products/facets': () => json(facets),
    });
    renderRoutes(routes, '/marketplace?brand=Nike&category=tops&sort=price_low_high');
    expect(await screen.findByText('2 items')).toBeInTheDocument();
    expect(searches(server.requests)).toEqual(['?brand=nike&category=tops&sort=price_low_high&limit=12']);
    expect(screen.getByRole('checkbox', { name: /Nike/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Tops/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'List view' })).toBeInTheDocument();
  });

  it('loads 8 more with the next cursor', async () => {
    const server = fakeServer({
      'GET /api/products': (request) =>
        new URL(request.url).searchParams.get('cursor')
          ? json(makePage([makeProduct({ id: 13, title: 'Thirteenth item' })], null, 13))
          : json(
              makePage(
                Array.from({ length: 12 }, (_, i) => makeProduct({ id: i + 1 })),
                'next-1',
                13,
              ),
            ),
      'GET /api/products/facets': () => json(facets),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/marketplace');
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Thirteenth item')).toBeInTheDocument();
    expect(searches(server.requests)).toEqual(['?limit=12', '?limit=8&cursor=next-1']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when nothing matches and clears the filters', async () => {
    fakeServer({
      'GET /api/products': (request) =>
        new URL(request.url).searchParams.has('brand') ? json(makePage([])) : json(makePage([makeProduct()])),
      'GET /api/products/facets': () => json(facets),
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/marketplace?brand=gucci');
    expect(await screen.findByText('No products found matching your filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('1 item')).toBeInTheDocument();
  });

  it('offers Try Again when the search fails', async () => {
    let fail = true;
    fakeServer({
      'GET /api/products': () => (fail ? json({ message: 'Busy' }, 503) : json(makePage([makeProduct()]))),
      'GET /api/products/facets': () => json(facets),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/marketplace');
    expect(await screen.findByText('Failed to load products')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('1 item')).toBeInTheDocument();
  });

  it("shows the server's sentence for a refused price range beside the price fields, not a connection error", async () => {
    const refused = {
      message: 'Maximum price must be at least the minimum price',
      errors: { maxPrice: 'Maximum price must be at least the minimum price' },
    };
    fakeServer({
      'GET /api/products': (request) =>
        new URL(request.url).searchParams.has('minPrice')
          ? json(refused, 400)
          : json(makePage([makeProduct()])),
      'GET /api/products/facets': (request) =>
        new URL(request.url).searchParams.has('minPrice') ? json(refused, 400) : json(facets),
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/marketplace?minPrice=100&maxPrice=10');
    expect(await screen.findByText('Failed to load products')).toBeInTheDocument();
    expect(screen.queryByText(/Check your connection/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
    // Beside the price fields, which are marked wrong; no empty sections above them.
    const filters = screen.getByRole('region', { name: 'Filters' });
    expect(await within(filters).findByRole('alert')).toHaveTextContent(refused.message);
    expect(within(filters).getByLabelText('Maximum price')).toHaveAttribute('aria-invalid', 'true');
    expect(within(filters).queryAllByRole('separator')).toHaveLength(0);
    // The results say it too, with the way out.
    const results = screen.getAllByText(refused.message).filter((node) => !filters.contains(node));
    expect(results).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('1 item')).toBeInTheDocument();
    expect(within(filters).queryByText(refused.message)).not.toBeInTheDocument();
  });

  it('puts a search and a ticked brand into the URL', async () => {
    fakeServer({
      'GET /api/products': () => json(makePage([makeProduct()])),
      'GET /api/products/facets': () => json(facets),
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/marketplace');
    await user.type(await screen.findByRole('combobox', { name: 'Search listings' }), 'denim{Enter}');
    await user.click(await screen.findByRole('checkbox', { name: /Nike/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=denim&brand=nike'));
  });

  it('says which corrected words it shows and searches the typed ones on request', async () => {
    const server = correctingServer();
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/marketplace?q=jakcet');
    expect(await screen.findByText('jacket')).toBeInTheDocument();
    expect(screen.getByText(/Showing results for/)).toHaveTextContent('Showing results for jacket.');
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    expect(await screen.findByRole('option', { name: 'Relevance' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Search instead for jakcet' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=jakcet&exact=true'));
    expect(await screen.findByText('No products found matching your filters.')).toBeInTheDocument();
    expect(searches(server.requests)).toContain('?q=jakcet&exact=true&limit=12');
  });

  it('asks the sidebar counts for the typed words at once, and exactly when asked', async () => {
    const server = correctingServer();
    const user = userEvent.setup();
    renderRoutes(routes, '/marketplace?q=jakcet');
    expect(await screen.findByRole('checkbox', { name: /Nike/ })).toBeInTheDocument();
    expect(facetSearches(server.requests)).toEqual(['?q=jakcet']);
    await user.click(await screen.findByRole('button', { name: 'Search instead for jakcet' }));
    await waitFor(() =>
      expect(facetSearches(server.requests)).toEqual(['?q=jakcet', '?q=jakcet&exact=true']),
    );
  });

  it('lists only choices that have items, and a ticked one even at zero', async () => {
    fakeServer({
      'GET /api/products': () => json(makePage([makeProduct()])),
      'GET /api/products/facets': () => json({ ...facets, sizes: [{ value: 'm', count: 3 }] }),
    });
    renderRoutes(routes, '/marketplace?size=xxs');
    expect(await screen.findByRole('checkbox', { name: /^M/ })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /XXS/ })).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: /^XS/ })).not.toBeInTheDocument();
  });
  it('on a phone renders no hidden sidebar or layout toggle, and still asks the counts for the drawer', async () => {
    // Below Mantine's md breakpoint (62em) the sidebar column is display: none; below sm
    // (48em) the layout toggle is.
    onPhone();
    const server = fakeServer({
      'GET /api/products': () => json(makePage([makeProduct()])),
      'GET /api/products/facets': () => json(facets),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/marketplace?q=denim');
    expect(await screen.findByText('1 item')).toBeInTheDocument();
    await waitFor(() => expect(facetSearches(server.requests)).toEqual(['?q=denim']));
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'List view' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    expect(await screen.findByRole('checkbox', { name: /Nike/ })).toBeInTheDocument();
    expect(facetSearches(server.requests)).toEqual(['?q=denim']);
  });
});
