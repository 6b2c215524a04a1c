import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { makeOrder } from '@/test-utils/orders';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import OrdersPage from './orders-page';

const routes = [{ path: '/orders', element: <OrdersPage /> }];
const SALE = makeOrder({
  status: 'payment_confirmed',
  statusLabel: 'Payment Confirmed',
  product: { id: 1, title: 'Wool coat', images: [], size: 'm', category: 'outerwear', brand: 'Zara' },
  allowedTransitions: ['shipped'],
});

describe('OrdersPage (issue 36 item 14)', () => {
  it('opens a seller on Your Sales when a paid sale waits to ship, with the count on the tab', async () => {
    setSession('authenticated', makeUser({ role: 'seller' }));
    fakeServer({
      'GET /api/orders': (request) => {
        const params = new URL(request.url).searchParams;
        return json({ items: params.get('as_seller') === 'true' ? [SALE] : [], nextCursor: null });
      },
    });
    renderRoutes(routes, '/orders');
    expect(await screen.findByRole('tab', { name: /Your Sales/, selected: true })).toBeInTheDocument();
    expect(screen.getByLabelText('1 to ship')).toHaveTextContent('1');
    expect(await screen.findByText('Wool coat')).toBeInTheDocument();
  });

  it('stays on Your Purchases when nothing waits to ship', async () => {
    setSession('authenticated', makeUser({ role: 'seller' }));
    fakeServer({ 'GET /api/orders': () => json({ items: [], nextCursor: null }) });
    renderRoutes(routes, '/orders');
    expect(await screen.findByRole('tab', { name: 'Your Purchases', selected: true })).toBeInTheDocument();
    expect(screen.queryByLabelText(/to ship/)).not.toBeInTheDocument();
  });

  it('opens a seller with sales and no purchases on Your Sales, even with nothing to ship', async () => {
    setSession('authenticated', makeUser({ role: 'seller' }));
    const shipped = { ...SALE, status: 'shipped', statusLabel: 'Shipped', allowedTransitions: ['delivered'] };
    fakeServer({
      'GET /api/orders': (request) => {
        const params = new URL(request.url).searchParams;
        const toShip = params.get('status') === 'payment_confirmed';
        return json({
          items: params.get('as_seller') === 'true' && !toShip ? [shipped] : [],
          nextCursor: null,
        });
      },
    });
    renderRoutes(routes, '/orders');
    expect(await screen.findByRole('tab', { name: 'Your Sales', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('Wool coat')).toBeInTheDocument();
  });
});
