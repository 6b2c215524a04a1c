import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@/entities/order/order';
import { fakeServer } from '@/test-utils/fake-server';
import { makeOrder, makeSavedAddress } from '@/test-utils/orders';
import { renderRoutes } from '@/test-utils/render';
import { formatDateTime } from '@/lib/formatters';
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
  category: 'tops',
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
  product: { id: 1, title: 'Silk shirt', images: [], size: 'm', category: 'outerwear', brand: 'Zara' },
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
  it("gives a pair of shoes the size in its title, and a bag 'One size', as the shop does", () => {
    setSession('authenticated', makeUser({ id: 2, username: 'maya' }));
    fakeServer({});
    const shoes = {
      id: 4,
      title: 'Vans Old Skool, black, US 9.5',
      size: 'other',
      category: 'footwear',
      brand: 'Vans',
    };
    const tote = { id: 5, title: 'Coach tote, tan', size: 'other', category: 'accessories', brand: 'Coach' };
    const one = makeOrder({
      orderNumber: '18-SHOES',
      product: { ...shoes, images: [] },
      items: [{ ...shoes, image: null, price: '40.00' }],
      buyer: party(2, 'maya'),
      seller: party(3, 'lucas'),
    });
    expect(within(show(one, 'buyer')).getByText(/Vans · Size US 9\.5$/)).toBeInTheDocument();
    const bundle = makeOrder({
      ...BUNDLE,
      orderNumber: '19-MIXED',
      items: [
        { ...shoes, image: null, price: '40.00' },
        { ...tote, image: null, price: '60.00' },
      ],
      itemCount: 2,
    });
    const list = within(show(bundle, 'buyer')).getByRole('list', { name: 'Items in order 19-MIXED' });
    expect(within(list).getByText('Vans · Size US 9.5')).toBeInTheDocument();
    expect(within(list).getByText('Coach · One size')).toBeInTheDocument();
  });

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

  it('keeps every bundle photo its full size however long the title beside it', () => {
    setSession('authenticated', makeUser({ id: 2, username: 'maya' }));
    fakeServer({});
    const order = {
      ...BUNDLE,
      items: BUNDLE.items.map((it) => ({ ...it, image: `/media/${it.id}.jpg` })),
    };
    const list = within(show(order, 'buyer')).getByRole('list', { name: 'Items in order 17-BUNDLE' });
    for (const photo of within(list).getAllByRole('img')) expect(photo).toHaveStyle({ flexShrink: '0' });
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

  const ONE = makeOrder({
    product: { id: 1, title: 'Wool coat', images: [], size: 'm', category: 'outerwear', brand: 'Zara' },
    buyer: party(2, 'maya'),
    seller: party(3, 'lucas'),
  });
  const AT = '2025-03-05T10:00:00Z';

  it('tells the buyer by when to pay', () => {
    fakeServer({});
    const unpaid = {
      ...ONE,
      deadline: { kind: 'pay' as const, label: 'Payment due', at: AT, automatic: true },
      allowedTransitions: ['confirmed', 'cancelled'] as Order['allowedTransitions'],
    };
    setSession('authenticated', makeUser({ id: 2, username: 'maya' }));
    const bought = show(unpaid, 'buyer');
    expect(within(bought).getByTestId('order-deadline')).toHaveTextContent(`Pay by ${formatDateTime(AT)}`);
    expect(within(bought).queryByTestId('order-next-step')).not.toBeInTheDocument();
  });

  it('explains an unpaid sale to its seller next to Confirm Order', () => {
    fakeServer({});
    setSession('authenticated', makeUser({ id: 3, username: 'lucas' }));
    const sold = show(
      {
        ...ONE,
        deadline: { kind: 'pay', label: 'Payment due', at: AT, automatic: true },
        allowedTransitions: ['confirmed', 'cancelled'],
        payout: '40.80',
      },
      'seller',
    );
    expect(within(sold).getByTestId('order-deadline')).toHaveTextContent(
      `The buyer has until ${formatDateTime(AT)} to pay; the order is cancelled after that.`,
    );
    expect(within(sold).getByTestId('order-next-step')).toHaveTextContent('an administrator confirms');
    expect(within(sold).getByTestId('order-next-step')).toHaveTextContent('Confirm Order tells the buyer');
    expect(
      within(sold).getByRole('button', { name: 'Confirm Order, Wool coat (order 42-K3Z0QF)' }),
    ).toHaveTextContent(/^Confirm Order$/);
  });

  it('shows the seller’s payout on a sale, and never on the buyer’s card', () => {
    fakeServer({});
    setSession('authenticated', makeUser({ id: 3, username: 'lucas' }));
    const sold = show({ ...ONE, status: 'completed', statusLabel: 'Completed', payout: '40.80' }, 'seller');
    expect(within(sold).getByTestId('order-payout')).toHaveTextContent('Payout released: $40.80 after fees.');
  });

  it('keeps the payout off a purchase even if one were sent', () => {
    fakeServer({});
    setSession('authenticated', makeUser({ id: 2, username: 'maya' }));
    const bought = show({ ...ONE, payout: '40.80' }, 'buyer');
    expect(within(bought).queryByTestId('order-payout')).not.toBeInTheDocument();
  });

  it('tells the buyer of a shipped order what happens next, and when a delivered one completes', () => {
    fakeServer({});
    setSession('authenticated', makeUser({ id: 2, username: 'maya' }));
    const shipped = show(
      { ...ONE, status: 'shipped', statusLabel: 'Shipped', trackingNumber: '1Z999', allowedTransitions: [] },
      'buyer',
    );
    expect(within(shipped).getByTestId('order-next-step')).toHaveTextContent('the seller marks it delivered');
    expect(within(shipped).queryByTestId('order-deadline')).not.toBeInTheDocument();
  });

  it('tells both sides when a delivered order completes by itself', () => {
    fakeServer({});
    setSession('authenticated', makeUser({ id: 3, username: 'lucas' }));
    const delivered = {
      ...ONE,
      status: 'delivered' as const,
      statusLabel: 'Delivered',
      protectionEndsAt: AT,
      deadline: { kind: 'complete' as const, label: 'Completes automatically', at: AT, automatic: true },
      allowedTransitions: [],
    };
    expect(within(show(delivered, 'seller')).getByTestId('order-deadline')).toHaveTextContent(
      `Completes automatically on ${formatDateTime(AT)}; until then the buyer can report a problem.`,
    );
  });

  it("names the card's buttons after its item and order, the words shown staying the same", () => {
    fakeServer({});
    setSession('authenticated', makeUser({ id: 3, username: 'lucas' }));
    const paid = show(
      {
        ...ONE,
        status: 'payment_confirmed',
        statusLabel: 'Payment confirmed',
        shippingAddress: { ...makeSavedAddress(), raw: 'Ann Lee\n12 Market Street\nBoston, MA 02110' },
        allowedTransitions: ['shipped', 'cancelled'],
      },
      'seller',
    );
    const item = 'Wool coat (order 42-K3Z0QF)';
    for (const visible of ['Mark as Shipped', 'Cancel Order', 'Copy']) {
      expect(within(paid).getByRole('button', { name: `${visible}, ${item}` })).toHaveTextContent(
        new RegExp(`^${visible}$`),
      );
    }
    const label = within(paid).getByRole('link', { name: `Print Label, ${item} (opens in a new tab)` });
    expect(label).toHaveAttribute('href', '/orders/9/label');
    expect(label).toHaveAttribute('target', '_blank');
  });

  it('names a bundle’s buttons after the bundle', () => {
    fakeServer({});
    setSession('authenticated', makeUser({ id: 2, username: 'maya' }));
    const bundle = show(BUNDLE, 'buyer');
    expect(
      within(bundle).getByRole('button', {
        name: 'Cancel Order, Bundle of 3 items from @lucas (order 17-BUNDLE)',
      }),
    ).toBeInTheDocument();
  });

  it('says that the tracking link opens a new tab', () => {
    fakeServer({});
    setSession('authenticated', makeUser({ id: 2, username: 'maya' }));
    const shipped = show(
      {
        ...ONE,
        status: 'shipped',
        statusLabel: 'Shipped',
        trackingNumber: '1Z999',
        trackingUrl: 'https://track.example/1Z999',
        allowedTransitions: [],
      },
      'buyer',
    );
    const tracking = within(shipped).getByRole('link', { name: '1Z999 (opens in a new tab)' });
    expect(tracking).toHaveAttribute('href', 'https://track.example/1Z999');
    expect(tracking).toHaveAttribute('target', '_blank');
    expect(tracking).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('puts the status after the title and the bill in one part per amount, for the phone layout', () => {
    fakeServer({});
    setSession('authenticated', makeUser({ id: 2, username: 'maya' }));
    const card = show(ONE, 'buyer');
    const title = within(card).getByRole('link', { name: 'Wool coat' });
    const badge = within(card).getByText('Pending');
    expect(title.compareDocumentPosition(badge) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const parts = within(card).getByTestId('order-money').children;
    expect([...parts].map((part) => part.textContent)).toEqual([
      '$45.00 item',
      '+ $2.25 service fee',
      '+ $5.00 shipping',
      '= $52.25 total',
    ]);
  });
});
