import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@/entities/order/order';
import { fakeServer } from '@/test-utils/fake-server';
import { makeOrder } from '@/test-utils/orders';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import { OrderCard } from './order-card';

const party = (id: number, username: string) => ({
  id,
  username,
  displayName: username,
  avatarUrl: null,
  email: `${username}@example.com`,
  createdAt: '2025-01-01T00:00:00Z',
});

const item = (id: number, title: string, price: string) => ({
  id,
  title,
  size: 'm',
  brand: 'Zara',
  image: null,
  price,
});

/** Three items of one seller: $159.50 less a 15% bundle discount, then the fee and shipping. */
const BUNDLE = makeOrder({
  id: 7,
  orderNumber: '17-BUNDLE',
  paymentReference: '17-BUNDLE',
  price: '135.57',
  serviceFee: '6.78',
  total: '147.35',
  product: { id: 1, title: 'Silk shirt', images: [], size: 'm', brand: 'Zara' },
  items: [item(1, 'Silk shirt', '59.50'), item(2, 'Wool coat', '70.00'), item(3, 'Linen scarf', '30.00')],
  itemCount: 3,
  subtotal: '159.50',
  discount: '23.93',
  buyer: party(2, 'maya'),
  seller: party(3, 'lucas'),
});

function show(order: Order, role: 'buyer' | 'seller') {
  renderRoutes([{ path: '/orders', element: <OrderCard order={order} role={role} /> }], '/orders');
  return screen.getByTestId(`order-${order.orderNumber}`);
}

/** The amounts of a money line, signed as it shows them, and the total after "=". */
function sums(line: string): { parts: number[]; total: number } {
  const [left, right] = line.split('=');
  const parts = [...left.matchAll(/([+−]?)\s*\$([\d,]+\.\d\d)/g)].map(
    ([, sign, amount]) => (sign === '−' ? -1 : 1) * Number(amount.replace(/,/g, '')),
  );
  const total = Number(right.match(/\$([\d,]+\.\d\d)/)?.[1].replace(/,/g, ''));
  return { parts, total };
}

afterEach(() => vi.unstubAllGlobals());

describe('OrderCard', () => {
  it('heads a bundle by its item count and seller, not by its first item', () => {
    setSession('authenticated', makeUser({ id: 2, username: 'maya' }));
    fakeServer({});
    const card = show(BUNDLE, 'buyer');
    expect(within(card).getByText('Bundle of 3 items from @lucas')).toBeInTheDocument();
    const list = within(card).getByRole('list', { name: 'Items in order 17-BUNDLE' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    // The first item's title is in the list only, not the card's heading.
    expect(within(card).getAllByText('Silk shirt')).toHaveLength(1);
  });

  it('names the buyer on the seller’s card', () => {
    setSession('authenticated', makeUser({ id: 3, username: 'lucas' }));
    fakeServer({});
    const card = show(BUNDLE, 'seller');
    expect(within(card).getByText('Bundle of 3 items for @maya')).toBeInTheDocument();
  });

  it.each([
    ['a bundle with a discount', BUNDLE],
    [
      'a bundle without one',
      {
        ...BUNDLE,
        subtotal: '159.50',
        discount: '0.00',
        price: '159.50',
        serviceFee: '7.98',
        total: '172.48',
      },
    ],
    [
      'one item',
      {
        ...BUNDLE,
        itemCount: 1,
        items: [BUNDLE.items[0]],
        subtotal: '59.50',
        discount: '0.00',
        price: '59.50',
        serviceFee: '2.98',
        total: '67.48',
      },
    ],
  ])('shows money that adds up on screen: %s', (_, order) => {
    setSession('authenticated', makeUser({ id: 2, username: 'maya' }));
    fakeServer({});
    const line = within(show(order, 'buyer')).getByTestId('order-money').textContent ?? '';
    const { parts, total } = sums(line);
    expect(line).toContain('service fee');
    expect(line).toContain('shipping');
    expect(total).toBe(Number(order.total));
    expect(Math.round(parts.reduce((a, b) => a + b, 0) * 100)).toBe(Math.round(total * 100));
  });
});
