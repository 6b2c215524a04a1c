import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { makeProduct } from '@/test-utils/products';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import CheckoutPage from './checkout-page';

const routes = [{ path: '/checkout/:id', element: <CheckoutPage /> }];
const ORDER = {
  id: 9, orderNumber: '42-K3Z0QF', paymentReference: '42-K3Z0QF', status: 'pending', statusLabel: 'Pending',
  price: '45.00', serviceFee: '2.25', shipping: '5.00', total: '52.25', createdAt: '2025-03-02T10:00:00Z',
  trackingNumber: null, trackingUrl: null, product: null, buyer: null, seller: null, shippingAddress: null,
  events: [], reviews: [], allowedTransitions: ['cancelled'], canReview: false, protectionEndsAt: null,
};

afterEach(() => vi.unstubAllGlobals());

describe('CheckoutPage', () => {
  it('asks anonymous visitors to log in', async () => {
    setSession('anonymous');
    fakeServer({ 'GET /api/products/1': () => json(makeProduct()) });
    renderRoutes(routes, '/checkout/1');
    expect(await screen.findByRole('heading', { name: 'Please log in' })).toBeInTheDocument();
    expect(screen.getByText('You need to be logged in to place an order')).toBeInTheDocument();
  });

  it('walks shipping, payment and review, then shows how to pay', async () => {
    setSession('authenticated', makeUser());
    document.cookie = 'csrftoken=t';
    const server = fakeServer({
      'GET /api/products/1': () => json(makeProduct()),
      'GET /api/user-addresses': () => json([{
        id: 1, isDefault: true, fullName: 'Ann Lee', addressLine1: '12 Market Street', addressLine2: '',
        city: 'Boston', state: 'MA', zipCode: '02110', country: 'United States', phoneNumber: '6175550100', raw: '',
      }]),
      'GET /api/orders/quote': () => json({ price: '45.00', serviceFee: '2.25', shipping: '5.00', total: '52.25' }),
      'POST /api/orders': () => json(ORDER, 201),
      'POST /api/orders/9/shipping-address': () => json(ORDER),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/checkout/1');
    expect(await screen.findByLabelText(/Full name/)).toHaveValue('Ann Lee');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await user.click(screen.getByRole('radio', { name: 'PayPal' }));
    expect(screen.getByText('PayPal is currently unavailable')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Switch to peer-to-peer payment' }));
    await user.click(screen.getByRole('button', { name: 'Review Order' }));
    expect(screen.getByTestId('order-total')).toHaveTextContent('$52.25');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('heading', { name: 'Order Confirmed' })).toBeInTheDocument();
    expect(screen.getAllByText('42-K3Z0QF').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'View Your Orders' })).toHaveAttribute('href', '/orders');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
    const placed = server.requests.find((r) => r.method === 'POST' && r.url.endsWith('/api/orders'));
    expect(await placed?.json()).toEqual({ productId: 1 });
  });
});
