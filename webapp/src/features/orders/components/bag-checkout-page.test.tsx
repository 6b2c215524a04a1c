import { QueryClient, useQueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeBagGroup } from '@/test-utils/bag';
import { fakeServer, json } from '@/test-utils/fake-server';
import { makeOrder, makeSavedAddress } from '@/test-utils/orders';
import { makeProduct } from '@/test-utils/products';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import BagCheckoutPage from './bag-checkout-page';
import OrderConfirmedPage from './order-confirmed-page';

const routes = [
  { path: '/checkout/bag', element: <BagCheckoutPage /> },
  { path: '/orders/:id/confirmed', element: <OrderConfirmedPage /> },
];
const coat = makeProduct({ id: 1, title: 'Wool coat', price: '60.00' });
const scarf = makeProduct({ id: 2, title: 'Silk scarf', price: '30.00' });
const BAG = { count: 2, groups: [makeBagGroup([coat, scarf])] };
const ORDER = makeOrder({
  id: 31,
  orderNumber: '17-BUNDLE',
  paymentReference: '17-BUNDLE',
  price: '90.00',
  subtotal: '90.00',
  serviceFee: '4.50',
  total: '99.50',
  createdAt: '2026-11-28T01:00:00Z',
});

const SAVED_ADDRESS = makeSavedAddress();

afterEach(() => vi.unstubAllGlobals());

describe('BagCheckoutPage', () => {
  it("shows each item's price beside it in the order summary, as the bag does", async () => {
    setSession('authenticated', makeUser());
    fakeServer({
      'GET /api/bag': () => json(BAG),
      'GET /api/user-addresses': () => json([]),
      'GET /api/orders/quote': () =>
        json({ price: '90.00', subtotal: '90.00', serviceFee: '4.50', shipping: '5.00', total: '99.50' }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/checkout/bag?items=1,2');
    await user.click(await screen.findByRole('button', { name: /Show order summary/ }));
    const title = await screen.findByRole('heading', { name: 'Order summary' });
    const summary = title.parentElement!;
    expect(within(summary).getByText('Wool coat').parentElement).toHaveTextContent('Wool coat$60.00');
    expect(within(summary).getByText('Silk scarf').parentElement).toHaveTextContent('Silk scarf$30.00');
  });

  it('opens Order Confirmed at /orders/{id}/confirmed after placing, as single checkout does (issue 36)', async () => {
    setSession('authenticated', makeUser());
    document.cookie = 'csrftoken=t';
    const server = fakeServer({
      'GET /api/bag': () => json(BAG),
      'GET /api/user-addresses': () => json([makeSavedAddress()]),
      'GET /api/orders/quote': () =>
        json({ price: '90.00', serviceFee: '4.50', shipping: '5.00', total: '99.50' }),
      'POST /api/orders': () => json(ORDER, 201),
      'POST /api/orders/31/shipping-address': () => json(ORDER),
      'GET /api/orders/31': () => json(ORDER),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/checkout/bag?items=1,2');
    await screen.findByLabelText(/Full name/);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await user.click(screen.getByRole('button', { name: 'Review Order' }));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('heading', { name: 'Order Confirmed' })).toBeInTheDocument();
    // The confirmed screen is the route's page, read from GET /api/orders/31: a reload keeps it.
    await waitFor(() =>
      expect(
        server.requests.some((r) => r.method === 'GET' && new URL(r.url).pathname === '/api/orders/31'),
      ).toBe(true),
    );
    expect(screen.getByText('$99.50')).toBeInTheDocument();
    const placed = server.requests.find(
      (r) => r.method === 'POST' && new URL(r.url).pathname === '/api/orders',
    );
    expect(await placed?.json()).toEqual({ productIds: [1, 2] });
  });

  it('does not ask the quote again for the items just sold (a 409), even on a realtime order update', async () => {
    setSession('authenticated', makeUser());
    document.cookie = 'csrftoken=t';
    let client: QueryClient | undefined;
    function ClientProbe() {
      client = useQueryClient();
      return null;
    }
    const server = fakeServer({
      'GET /api/bag': () => json(BAG),
      'GET /api/user-addresses': () => json([SAVED_ADDRESS]),
      'GET /api/orders/quote': () =>
        json({ price: '90.00', serviceFee: '4.50', shipping: '5.00', total: '99.50' }),
      'POST /api/orders': () => {
        // The server's `order_updated` event (the realtime bridge refreshes ['orders']) can
        // arrive before this answer, while the Review step is still on screen.
        void client?.invalidateQueries({ queryKey: ['orders'] });
        return json(ORDER, 201);
      },
      'POST /api/orders/31/shipping-address': () => json(ORDER),
      'GET /api/orders/31': () => json(ORDER),
    });
    const user = userEvent.setup();
    renderRoutes(
      [
        {
          path: '/checkout/bag',
          element: (
            <>
              <ClientProbe />
              <BagCheckoutPage />
            </>
          ),
        },
        routes[1],
      ],
      '/checkout/bag?items=1,2',
    );
    await screen.findByLabelText(/Full name/);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await user.click(screen.getByRole('button', { name: 'Review Order' }));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('heading', { name: 'Order Confirmed' })).toBeInTheDocument();
    const quotes = server.requests.filter((r) => new URL(r.url).pathname === '/api/orders/quote');
    expect(quotes).toHaveLength(1);
  });
});
