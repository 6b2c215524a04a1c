import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '@/entities/order/order';
import { fakeServer, json } from '@/test-utils/fake-server';
import { makeCoatOrder } from '@/test-utils/orders';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import AdminDashboardPage from './admin-dashboard-page';

const routes = [{ path: '/admin', element: <AdminDashboardPage /> }];

function party(id: number, name: string) {
  return {
    id,
    username: name.toLowerCase(),
    displayName: name,
    avatarUrl: null,
    email: `${name.toLowerCase()}@example.com`,
    createdAt: '2025-01-05T10:00:00Z',
  };
}

function makeOrder(overrides: Partial<Order> = {}): Order {
  return makeCoatOrder({
    buyer: party(2, 'Maya'),
    seller: party(3, 'Sam'),
    allowedTransitions: ['payment_confirmed', 'cancelled'],
    ...overrides,
  });
}

const SUMMARY = {
  totalOrders: 12,
  pendingPayments: 3,
  toBeShipped: 2,
  completed: 5,
  sales: { count: 6, revenue: '300.00', averageOrderValue: '50.00' },
};

function deskServer(extra: Record<string, (request: Request) => Response | Promise<Response>> = {}) {
  return fakeServer({
    'GET /api/admin/orders/summary': () => json(SUMMARY),
    'GET /api/admin/orders': (request) => {
      const params = new URL(request.url).searchParams;
      if (params.get('cursor') === 'p2') {
        return json({ items: [makeOrder({ id: 9, orderNumber: '07-OLD999' })], nextCursor: null });
      }
      if (params.get('q') === 'nobody') return json({ items: [], nextCursor: null });
      return json({ items: [makeOrder()], nextCursor: 'p2' });
    },
    ...extra,
  });
}

function lastQuery(server: ReturnType<typeof fakeServer>, path = '/api/admin/orders') {
  const request = server.requests.filter((r) => new URL(r.url).pathname === path).at(-1)!;
  return new URL(request.url).searchParams;
}

beforeEach(() => {
  setSession('authenticated', makeUser({ role: 'admin' }));
});

describe('the order desk', () => {
  it('opens on pending payments with the four cards, contacts and export', async () => {
    const server = deskServer();
    renderRoutes(routes, '/admin');
    expect(screen.getByRole('tab', { name: 'Pending Payments', selected: true })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Pending payments' });
    expect(within(table).getByText('42-ABC123')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'maya@example.com' })).toHaveAttribute(
      'href',
      'mailto:maya@example.com',
    );
    expect(within(table).getByText('No address yet')).toBeInTheDocument();
    // the amount the buyer was told to send (issue 36 item 8), not only the item price
    expect(within(table).getByRole('columnheader', { name: 'Amount to pay' })).toBeInTheDocument();
    expect(within(table).getByText('$89.00')).toBeInTheDocument();
    expect(lastQuery(server).get('status')).toBe('pending_payment');
    const cards = ['Total Orders', 'Pending Payments', 'To Be Shipped', 'Completed'];
    for (const [index, name] of cards.entries()) {
      const card = screen.getByRole('region', { name });
      expect(card).toHaveTextContent(String([12, 3, 2, 5][index]));
    }
    expect(screen.getByRole('link', { name: 'Export Orders' })).toHaveAttribute(
      'href',
      '/api/admin/orders/export',
    );
    for (const name of [
      'Payment Confirmed',
      'All Orders',
      'Analytics',
      'Sales Records',
      'Contact Messages',
    ]) {
      expect(screen.getByRole('tab', { name })).toBeInTheDocument();
    }
  });

  it('searches and pages instead of scrolling forever', async () => {
    const server = deskServer();
    const user = userEvent.setup();
    renderRoutes(routes, '/admin?tab=all');
    await screen.findByText('42-ABC123');
    expect(lastQuery(server).get('status')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('07-OLD999')).toBeInTheDocument();
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('42-ABC123')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search orders'), 'nobody');
    expect(await screen.findByText('No orders match “nobody”')).toBeInTheDocument();
    expect(lastQuery(server).get('q')).toBe('nobody');
    expect(lastQuery(server).get('cursor')).toBeNull();
  });

  it('confirms a payment after asking, then says the seller was told', async () => {
    const server = deskServer({
      'POST /api/orders/1/confirm-payment': () =>
        json(makeOrder({ status: 'payment_confirmed', statusLabel: 'Payment Confirmed' })),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/admin');
    await user.click(await screen.findByRole('button', { name: /^Confirm Payment, .*order 42-ABC123/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm payment' });
    expect(within(dialog).getByText('$89.00')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Payment' }));
    expect(await screen.findByText('The seller has been notified to ship the item')).toBeInTheDocument();
    expect(server.requests.some((r) => r.method === 'POST')).toBe(true);
  });

  it('shows the server message when confirming fails', async () => {
    deskServer({
      'POST /api/orders/1/confirm-payment': () =>
        json({ message: 'Payment for order 42-ABC123 is already confirmed.' }, 409),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/admin');
    await user.click(await screen.findByRole('button', { name: /^Confirm Payment, .*order 42-ABC123/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Payment' }));
    expect(await screen.findByText('Error confirming payment')).toBeInTheDocument();
    expect(screen.getByText('Payment for order 42-ABC123 is already confirmed.')).toBeInTheDocument();
  });

  it('names the missing fields of an address and sends nothing until they are filled', async () => {
    let sent: unknown = null;
    const server = deskServer({
      'POST /api/orders/1/shipping-address': async (request) => {
        sent = await request.json();
        return json(makeOrder());
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/admin');
    await user.click(await screen.findByRole('button', { name: /^Add address, .*order 42-ABC123/ }));
    const form = await screen.findByRole('form', { name: 'Shipping address' });
    await user.type(within(form).getByLabelText(/Full name/), 'Maya Chen');
    await user.click(within(form).getByRole('button', { name: 'Save Address' }));
    expect(
      await within(form).findByText(
        'Missing Required Fields: Address line 1, City, State, ZIP code, Phone number',
      ),
    ).toBeInTheDocument();
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
    await user.type(within(form).getByLabelText(/Address line 1/), '12 Market St');
    await user.type(within(form).getByLabelText(/City/), 'Boston');
    await user.type(within(form).getByLabelText(/State/), 'MA');
    await user.type(within(form).getByLabelText(/ZIP code/), '02110');
    await user.type(within(form).getByLabelText(/Phone number/), '6175550100');
    await user.click(within(form).getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByText('Shipping address saved for order 42-ABC123')).toBeInTheDocument();
    expect(sent).toMatchObject({ fullName: 'Maya Chen', city: 'Boston', country: 'United States' });
  });

  it('shows sales figures and the sales list', async () => {
    const server = deskServer();
    renderRoutes(routes, '/admin?tab=sales');
    expect(await screen.findByText('$300.00')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Revenue' })).toHaveTextContent('$300.00');
    expect(screen.getByRole('region', { name: 'Average order value' })).toHaveTextContent('$50.00');
    expect(screen.getByRole('region', { name: 'Sales' })).toHaveTextContent('6');
    await screen.findByRole('table', { name: 'Sales records' });
    expect(lastQuery(server).get('status')).toBe('sales');
  });

  it('says when the orders cannot be loaded', async () => {
    fakeServer({ 'GET /api/admin/orders': () => json({ message: 'Server unavailable' }, 503) });
    renderRoutes(routes, '/admin');
    expect(await screen.findByText('Failed to load orders')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
