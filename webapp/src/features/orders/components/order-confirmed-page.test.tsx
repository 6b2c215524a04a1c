import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { makeOrder } from '@/test-utils/orders';
import { renderPages, renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import { formatDateTime } from '@/lib/formatters';
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

  it('is reached with the focus on its heading, so a screen reader says the order went through', async () => {
    setSession('authenticated', makeUser());
    fakeServer({ 'GET /api/orders/9': () => json(ORDER) });
    const user = userEvent.setup();
    const placeOrder = { path: '/checkout/1', element: <Link to="/orders/9/confirmed">Place Order</Link> };
    renderPages([...routes, placeOrder], '/checkout/1');
    await user.click(screen.getByRole('link', { name: 'Place Order' }));
    const heading = await screen.findByRole('heading', { name: 'Order Confirmed' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

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

  it('tells the buyer of a paid order by when the seller should ship', async () => {
    setSession('authenticated', makeUser({ id: 1 }));
    const at = '2025-03-07T10:00:00Z';
    fakeServer({
      'GET /api/orders/9': () =>
        json({
          ...ORDER,
          status: 'payment_confirmed',
          statusLabel: 'Payment Confirmed',
          paymentInstructions: [],
          deadline: { kind: 'ship', label: 'Shipping due', at, automatic: false },
        }),
    });
    renderRoutes(routes, '/orders/9/confirmed');
    expect(await screen.findByText(`The seller should ship by ${formatDateTime(at)}.`)).toBeInTheDocument();
  });

  it('shows the seller where an unpaid sale stands and what they receive, not the buyer’s payment steps', async () => {
    setSession('authenticated', makeUser({ id: 3, username: 'lucas' }));
    const at = '2025-03-05T10:00:00Z';
    fakeServer({
      'GET /api/orders/9': () =>
        json({
          ...ORDER,
          paymentInstructions: [],
          seller: {
            id: 3,
            username: 'lucas',
            displayName: 'Lucas',
            avatarUrl: null,
            email: 'l@x.com',
            createdAt: at,
          },
          deadline: { kind: 'pay', label: 'Payment due', at, automatic: true },
          payout: '41.80',
        }),
    });
    renderRoutes(routes, '/orders/9/confirmed');
    expect(await screen.findByRole('heading', { name: 'Order 42-K3Z0QF' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Order Confirmed' })).not.toBeInTheDocument();
    expect(
      screen.getByText(
        `The buyer has until ${formatDateTime(at)} to pay; the order is cancelled after that.`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/Confirm Order tells the buyer/)).toBeInTheDocument();
    expect(screen.getByText(/You receive \$41\.80 after fees/)).toBeInTheDocument();
  });
});
