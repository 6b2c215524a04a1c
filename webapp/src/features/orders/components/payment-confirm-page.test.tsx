import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { makeOrder } from '@/test-utils/orders';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import PaymentConfirmPage from './payment-confirm-page';

const routes = [{ path: '/admin/orders/:orderId/payment-confirm', element: <PaymentConfirmPage /> }];
const ORDER = makeOrder({
  price: '38.00',
  serviceFee: '1.90',
  total: '44.90',
  allowedTransitions: ['payment_confirmed', 'cancelled'],
});

describe('PaymentConfirmPage (issue 36 item 9)', () => {
  it('offers Confirm Payment for an order waiting for payment, with the total to match', async () => {
    setSession('authenticated', makeUser({ role: 'admin' }));
    fakeServer({ 'GET /api/orders/9': () => json(ORDER) });
    renderRoutes(routes, '/admin/orders/9/payment-confirm');
    expect(await screen.findByRole('button', { name: 'Confirm Payment' })).toBeInTheDocument();
    expect(screen.getByText('$44.90')).toBeInTheDocument();
  });

  it('shows the state of an already confirmed order instead of the button', async () => {
    setSession('authenticated', makeUser({ role: 'admin' }));
    fakeServer({
      'GET /api/orders/9': () =>
        json({
          ...ORDER,
          status: 'payment_confirmed',
          statusLabel: 'Payment Confirmed',
          allowedTransitions: ['shipped'],
        }),
    });
    renderRoutes(routes, '/admin/orders/9/payment-confirm');
    expect(await screen.findByText('Nothing to confirm')).toBeInTheDocument();
    expect(screen.getByText(/Payment for this order is already confirmed/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm Payment' })).not.toBeInTheDocument();
  });
});
