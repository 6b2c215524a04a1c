import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { makeProduct } from '@/test-utils/products';
import { makeOrder, makeSavedAddress, ORDER_QUOTE } from '@/test-utils/orders';
import { renderPages, renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import CheckoutPage from './checkout-page';
import OrderConfirmedPage from './order-confirmed-page';

const routes = [
  { path: '/checkout/:id', element: <CheckoutPage /> },
  { path: '/orders/:id/confirmed', element: <OrderConfirmedPage /> },
];
const ADDRESSES = [makeSavedAddress()];
const OFFER = {
  id: 5,
  productId: 1,
  buyerId: 1,
  sellerId: 2,
  status: 'accepted',
  originalPrice: '50.00',
  offerPrice: '45.00',
  counterPrice: null,
  agreedPrice: '45.00',
  message: null,
  declineReason: null,
  reservedUntil: null,
  orderId: null,
  createdAt: '2025-03-01T10:00:00Z',
  updatedAt: '2025-03-01T11:00:00Z',
  product: { id: 1, title: 'Wool coat', price: '50.00', status: 'reserved', images: [], thumbnails: [] },
  buyer: null,
  seller: null,
};

async function reviewStep(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByLabelText(/Full name/);
  await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
  await user.click(screen.getByRole('button', { name: 'Review Order' }));
}
const ORDER = makeOrder();

afterEach(() => vi.unstubAllGlobals());

describe('CheckoutPage', () => {
  it('asks anonymous visitors to log in', async () => {
    setSession('anonymous');
    fakeServer({ 'GET /api/products/1': () => json(makeProduct()) });
    renderRoutes(routes, '/checkout/1');
    expect(await screen.findByRole('heading', { name: 'Please log in' })).toBeInTheDocument();
    expect(screen.getByText('You need to be logged in to place an order')).toBeInTheDocument();
  });

  it('arrives from Buy It Now with the focus on its heading, not left on <body>', async () => {
    setSession('authenticated', makeUser());
    fakeServer({
      'GET /api/products/1': () => json(makeProduct()),
      'GET /api/user-addresses': () => json(ADDRESSES),
      'GET /api/orders/quote': () => json(ORDER_QUOTE),
    });
    const user = userEvent.setup();
    renderPages(
      [...routes, { path: '/product/1', element: <Link to="/checkout/1">Buy It Now</Link> }],
      '/product/1',
    );
    await user.click(screen.getByRole('link', { name: 'Buy It Now' }));
    const heading = await screen.findByRole('heading', { name: 'Checkout', level: 1 });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('walks shipping, payment and review, then shows how to pay', async () => {
    setSession('authenticated', makeUser());
    document.cookie = 'csrftoken=t';
    const server = fakeServer({
      'GET /api/products/1': () => json(makeProduct()),
      'GET /api/user-addresses': () => json([makeSavedAddress()]),
      'GET /api/orders/quote': () => json(ORDER_QUOTE),
      'POST /api/orders': () => json(ORDER, 201),
      'POST /api/orders/9/shipping-address': () => json(ORDER),
      'GET /api/orders/9': () => json(ORDER),
    });
    const user = userEvent.setup();
    renderPages(routes, '/checkout/1');
    expect(await screen.findByLabelText(/Full name/)).toHaveValue('Ann Lee');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await user.click(screen.getByRole('radio', { name: 'PayPal' }));
    expect(screen.getByText('PayPal is currently unavailable')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Switch to peer-to-peer payment' }));
    await user.click(screen.getByRole('button', { name: 'Review Order' }));
    expect(screen.getByTestId('order-total')).toHaveTextContent('$52.25');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    // Place Order is gone: the new page's heading has the focus, so a screen reader says it.
    const confirmed = await screen.findByRole('heading', { name: 'Order Confirmed' });
    await waitFor(() => expect(confirmed).toHaveFocus());
    expect(screen.getAllByText('42-K3Z0QF').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'View Your Orders' })).toHaveAttribute('href', '/orders');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
    const placed = server.requests.find((r) => r.method === 'POST' && r.url.endsWith('/api/orders'));
    expect(await placed?.json()).toEqual({ productId: 1 });
  });

  it('keeps the Order Confirmed screen at its own address, with the payment instructions', async () => {
    setSession('authenticated', makeUser());
    fakeServer({ 'GET /api/orders/9': () => json(ORDER) });
    renderRoutes(routes, '/orders/9/confirmed');
    expect(await screen.findByRole('heading', { name: 'Order Confirmed' })).toBeInTheDocument();
    expect(screen.getByText('Payment instructions')).toBeInTheDocument();
    expect(screen.getByText('$52.25')).toBeInTheDocument();
  });

  it('sends a buyer who already ordered with the offer to that order, not a second checkout', async () => {
    setSession('authenticated', makeUser());
    fakeServer({
      'GET /api/products/1': () => json(makeProduct({ status: 'reserved' })),
      'GET /api/user-addresses': () => json(ADDRESSES),
      'GET /api/offers/5': () => json({ ...OFFER, orderId: 9 }),
      'GET /api/orders/9': () => json(ORDER),
    });
    renderRoutes(routes, '/checkout/1?offerId=5');
    expect(await screen.findByRole('heading', { name: 'Order Confirmed' })).toBeInTheDocument();
    expect(screen.queryByText(/no longer available/)).not.toBeInTheDocument();
  });

  it('lets the buyer whose accepted offer reserves the item check out', async () => {
    setSession('authenticated', makeUser());
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    fakeServer({
      'GET /api/products/1': () => json(makeProduct({ status: 'reserved' })),
      'GET /api/user-addresses': () => json(ADDRESSES),
      'GET /api/offers/5': () => json({ ...OFFER, reservedUntil: soon }),
      'GET /api/orders/quote': () => json(ORDER_QUOTE),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/checkout/1?offerId=5');
    await reviewStep(user);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled();
  });

  it('names each Edit on the review by what it changes, and goes back to that step', async () => {
    setSession('authenticated', makeUser());
    fakeServer({
      'GET /api/products/1': () => json(makeProduct()),
      'GET /api/user-addresses': () => json(ADDRESSES),
      'GET /api/orders/quote': () => json(ORDER_QUOTE),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/checkout/1');
    await reviewStep(user);
    // Two buttons both called "Edit" told a screen reader's list of buttons nothing.
    await user.click(screen.getByRole('button', { name: 'Edit payment method' }));
    expect(await screen.findByRole('heading', { name: 'Step 2 of 3: Payment' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Review Order' }));
    await user.click(screen.getByRole('button', { name: 'Edit shipping address' }));
    expect(await screen.findByRole('heading', { name: 'Step 1 of 3: Shipping' })).toBeInTheDocument();
  });

  it('says a listing held for another buyer is reserved, not sold', async () => {
    setSession('authenticated', makeUser());
    fakeServer({
      'GET /api/products/1': () => json(makeProduct({ status: 'reserved', category: 'outerwear' })),
      'GET /api/user-addresses': () => json(ADDRESSES),
    });
    renderRoutes(routes, '/checkout/1');
    const held = await screen.findByRole('alert');
    expect(held).toHaveTextContent('Reserved');
    expect(held).toHaveTextContent('It comes back to the shop if they do not pay in time.');
    expect(held).not.toHaveTextContent(/Sold|bought it first/);
    expect(screen.getByRole('link', { name: 'See similar items' })).toBeInTheDocument();
  });

  it('says once why the total is refused (a seller away), with no retry and Place Order disabled', async () => {
    setSession('authenticated', makeUser());
    fakeServer({
      'GET /api/products/1': () => json(makeProduct({ category: 'outerwear' })),
      'GET /api/user-addresses': () => json(ADDRESSES),
      'GET /api/orders/quote': () =>
        json({ message: 'This seller is away until Dec 5, 2026 and is not selling right now.' }, 409),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/checkout/1');
    const refused = await screen.findByRole('alert');
    expect(refused).toHaveTextContent("You can't buy this right now");
    expect(refused).toHaveTextContent('This seller is away until Dec 5, 2026');
    expect(screen.queryByText('Could not compute the total')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /try again/i })).not.toBeInTheDocument();
    await reviewStep(user);
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled();
  });

  it('says a seller the buyer blocked cannot be bought from, with Unblock, and asks no total', async () => {
    setSession('authenticated', makeUser());
    const server = fakeServer({
      'GET /api/products/1': () => json(makeProduct({ blockedByYou: true })),
      'GET /api/user-addresses': () => json(ADDRESSES),
      'GET /api/orders/quote': () => json(ORDER_QUOTE),
    });
    renderRoutes(routes, '/checkout/1');
    expect(await screen.findByText('You blocked this seller')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unblock Maya Chen' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Full name/)).not.toBeInTheDocument();
    expect(server.requests.some((r) => new URL(r.url).pathname === '/api/orders/quote')).toBe(false);
  });

  it('shows why the server refuses this buyer (403) in place of the steps, with no retry', async () => {
    setSession('authenticated', makeUser());
    fakeServer({
      'GET /api/products/1': () => json(makeProduct({ category: 'outerwear' })),
      'GET /api/user-addresses': () => json(ADDRESSES),
      'GET /api/orders/quote': () => json({ message: "You can't interact with this member" }, 403),
    });
    renderRoutes(routes, '/checkout/1');
    expect(await screen.findByRole('heading', { name: "You can't buy this item" })).toBeInTheDocument();
    expect(screen.getByText("You can't interact with this member")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See similar items' })).toHaveAttribute(
      'href',
      '/marketplace?category=outerwear',
    );
    expect(screen.queryByLabelText(/Full name/)).not.toBeInTheDocument();
    expect(screen.queryByText('Could not compute the total')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /try again/i })).not.toBeInTheDocument();
  });

  it('shows a lasting Sold state when another buyer won the race, with Place Order disabled', async () => {
    setSession('authenticated', makeUser());
    document.cookie = 'csrftoken=t';
    fakeServer({
      'GET /api/products/1': () => json(makeProduct({ category: 'outerwear' })),
      'GET /api/user-addresses': () => json(ADDRESSES),
      'GET /api/orders/quote': () => json(ORDER_QUOTE),
      'POST /api/orders': () => json({ message: 'This item is no longer available.' }, 409),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/checkout/1');
    await reviewStep(user);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    const sold = await screen.findByRole('alert');
    expect(sold).toHaveTextContent('Sold');
    expect(sold).toHaveTextContent('This item is no longer available.');
    expect(screen.getByRole('link', { name: 'See similar items' })).toHaveAttribute(
      'href',
      '/marketplace?category=outerwear',
    );
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled();
  });
});
