import { isValidElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ProtectedRoute } from './layout/protected-route';
import { routes } from './routes';
// The same table the server reads to tell pages from 404s (entrypoints/http/pages/).
import serverTable from '../../../entrypoints/http/pages/routes.json';

const PUBLIC = [
  '/',
  '/marketplace',
  '/product/1',
  '/products/1',
  '/post/1',
  '/feed',
  '/checkout/1',
  '/checkout/bag',
  '/profile/1',
  '/auth',
  '/blog',
  '/blog/my-first-post',
  '/buyer-protection',
  '/terms-of-service',
  '/privacy-policy',
  '/contact',
  '/faq',
  '/shipping-info',
  '/returns',
  '/payment-policy',
  // Messages need login but say so themselves ('You need to be logged in to view messages').
  '/messages',
  '/messages/2',
];
const LOGIN_REQUIRED = [
  '/create-listing',
  '/orders',
  '/bag',
  '/watchlist',
  '/favorites',
  '/seller/offers',
  '/buyer/offers',
  '/admin',
  '/admin/orders/5/payment-confirm',
  '/blog/new',
  '/blog/edit/3',
  '/orders/3/label',
  '/orders/3/confirmed',
];

function resolve(path: string) {
  const matches = matchRoutes(routes, path) ?? [];
  return {
    pattern: matches.at(-1)?.route.path,
    protectedRoute: matches.some(
      ({ route }) => isValidElement(route.element) && route.element.type === ProtectedRoute,
    ),
  };
}

describe('route table (spec §2)', () => {
  it.each(PUBLIC)('%s is a public page', (path) => {
    expect(resolve(path)).toMatchObject({ protectedRoute: false });
    expect(resolve(path).pattern).not.toBe('*');
  });

  it.each(LOGIN_REQUIRED)('%s needs login', (path) => {
    expect(resolve(path)).toMatchObject({ protectedRoute: true });
    expect(resolve(path).pattern).not.toBe('*');
  });

  it('sends anything else to the 404 page', () => {
    expect(resolve('/no/such/page').pattern).toBe('*');
  });
});

type Leaf = { path: string; access: 'public' | 'login' };

function leaves(list: RouteObject[], underProtected = false): Leaf[] {
  return list.flatMap((route) => {
    const isProtected =
      underProtected || (isValidElement(route.element) && route.element.type === ProtectedRoute);
    const own: Leaf[] =
      route.path && route.path !== '*'
        ? [{ path: route.path, access: isProtected ? 'login' : 'public' }]
        : [];
    return [...own, ...leaves(route.children ?? [], isProtected)];
  });
}

describe('the server knows the same route table', () => {
  it('lists exactly the router pages with the same access', () => {
    const byPath = (a: Leaf, b: Leaf) => a.path.localeCompare(b.path);
    const server = serverTable.routes.map(({ path, access }) => ({ path, access }) as Leaf);
    expect(leaves(routes).sort(byPath)).toEqual(server.sort(byPath));
  });
});
