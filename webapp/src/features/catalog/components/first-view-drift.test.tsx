import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { firstView, texts } from '@/test-utils/first-view';
import { makePage } from '@/test-utils/products';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { HomeHero } from './home-hero';
import MarketplacePage from './marketplace-page';

/**
 * The server paints a page's first view from lib/first-view.json's templates
 * (entrypoints/http/pages/first_view.py) before the app takes over: what a visitor reads and
 * can follow there must be what the React page then shows, or the page changes under them.
 */
const links = (root: ParentNode) =>
  Array.from(root.querySelectorAll('a'), (link) => [link.textContent?.trim(), link.getAttribute('href')]);

beforeEach(() => setSession('anonymous'));

describe('the first view and the React page say the same', () => {
  it('home: the hero heading, its lines and its two ways in', () => {
    const view = firstView('home');
    renderRoutes([{ path: '/', element: <HomeHero products={[]} loading={false} /> }], '/');
    const hero = screen.getByRole('region', { name: texts(view, 'h1')[0] });
    expect(texts(hero, 'h1')).toEqual(texts(view, 'h1'));
    for (const line of texts(view, 'p:not(.fv-actions)'))
      expect(within(hero).getByText(line!)).toBeInTheDocument();
    expect(links(hero)).toEqual(links(view));
  });

  it('marketplace: the heading and the line under it', async () => {
    fakeServer({
      'GET /api/products': () => json(makePage([])),
      'GET /api/products/facets': () => json({ brands: [], categories: [], sizes: [], conditions: [] }),
    });
    const view = firstView('marketplace');
    renderRoutes([{ path: '/marketplace', element: <MarketplacePage /> }], '/marketplace');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(texts(view, 'h1')[0]!);
    expect(screen.getByText(texts(view, 'p')[0]!)).toBeInTheDocument();
  });
});
