import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { makeOrder } from '@/test-utils/orders';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import OrderConfirmedPage from './order-confirmed-page';

/** The server's steps (domain `Order.payment_steps`), which the buyer's email carries too. */
const STEPS = [
  'Open your peer-to-peer payment app (Venmo, Zelle or Cash App).',
  "Send $52.25 to Rethread's business account @rethread-payments.",
  'Use 42-K3Z0QF as the payment reference.',
  'Pay by Mar 5, 10:00 UTC: unpaid orders are cancelled after 72 hours. We confirm your payment and the seller ships within 3 business days.',
];

const ORDER = makeOrder({
  paymentInstructions: STEPS,
});

const routes = [{ path: '/orders/:id/confirmed', element: <OrderConfirmedPage /> }];

afterEach(() => vi.unstubAllGlobals());

describe('OrderConfirmedPage', () => {
  it.each(['pending', 'confirmed'])(
    'shows the server’s payment steps while the order is unpaid (%s)',
    async (status) => {
      setSession('authenticated', makeUser());
      fakeServer({ 'GET /api/orders/9': () => json({ ...ORDER, status }) });
      renderRoutes(routes, '/orders/9/confirmed');
      expect(await screen.findByRole('heading', { name: 'Order Confirmed' })).toBeInTheDocument();
      const steps = within(screen.getByRole('list')).getAllByRole('listitem');
      expect(steps.map((step) => step.textContent)).toEqual(STEPS);
      expect(screen.getByText('$52.25')).toBeInTheDocument();
    },
  );

  it('says nothing is owed once the order is paid', async () => {
    setSession('authenticated', makeUser());
    fakeServer({
      'GET /api/orders/9': () =>
        json({
          ...ORDER,
          status: 'payment_confirmed',
          statusLabel: 'Payment Confirmed',
          paymentInstructions: [],
        }),
    });
    renderRoutes(routes, '/orders/9/confirmed');
    expect(await screen.findByText(/Payment is no longer needed/)).toBeInTheDocument();
    expect(screen.queryByText('Payment instructions')).not.toBeInTheDocument();
  });
});
