import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '@/entities/order/order';
import { fakeServer, json } from '@/test-utils/fake-server';
import { makeCoatOrder } from '@/test-utils/orders';
import { render } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import { DeskOrders } from './desk-orders';
import { onPhone } from '@/test-utils/viewport';

function order(status: Order['status'], allowedTransitions: Order['allowedTransitions']): Order {
  return makeCoatOrder({ status, statusLabel: status, allowedTransitions });
}

/** Three items of $76.00 less a 10% bundle discount: the items come to $68.40. */
function bundle(): Order {
  return {
    ...order('pending', ['payment_confirmed']),
    price: '68.40',
    serviceFee: '3.42',
    total: '76.82',
    itemCount: 3,
    subtotal: '76.00',
    discount: '7.60',
  };
}

beforeEach(() => setSession('authenticated', makeUser({ role: 'admin' })));

describe('DeskOrders', () => {
  it('has no Actions column when no order has an action (Sales Records)', async () => {
    fakeServer({
      'GET /api/admin/orders': () => json({ items: [order('shipped', ['delivered'])], nextCursor: null }),
    });
    render(<DeskOrders filter="sales" label="Sales records" empty="No sales yet" />);
    const table = await screen.findByRole('table', { name: 'Sales records' });
    expect(within(table).getByRole('columnheader', { name: 'Order' })).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('keeps the Actions column where there is something to do', async () => {
    fakeServer({
      'GET /api/admin/orders': () =>
        json({ items: [order('pending', ['payment_confirmed'])], nextCursor: null }),
    });
    render(<DeskOrders filter="pending_payment" label="Pending payments" empty="None" />);
    const table = await screen.findByRole('table', { name: 'Pending payments' });
    expect(within(table).getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    expect(
      within(table).getByRole('button', { name: /^Confirm Payment, .*order 42-ABC123/ }),
    ).toBeInTheDocument();
  });

  it('names each row’s buttons after its item and order, in the table and on a phone', async () => {
    fakeServer({
      'GET /api/admin/orders': () =>
        json({ items: [order('pending', ['payment_confirmed'])], nextCursor: null }),
    });
    const { unmount } = render(<DeskOrders filter="pending_payment" label="Pending payments" empty="None" />);
    const table = await screen.findByRole('table', { name: 'Pending payments' });
    for (const name of ['Confirm Payment', 'Add address']) {
      expect(within(table).getByRole('button', { name: new RegExp(`^${name},`) })).toHaveAccessibleName(
        `${name}, Wool coat (order 42-ABC123)`,
      );
    }
    unmount();
    onPhone();
    render(<DeskOrders filter="pending_payment" label="Pending payments" empty="None" />);
    const card = await screen.findByRole('listitem');
    expect(within(card).getByRole('button', { name: /^Confirm Payment/ })).toHaveAccessibleName(
      'Confirm Payment, Wool coat (order 42-ABC123)',
    );
  });

  it('shows the deadline the server says the order waits for, in the table and on a phone', async () => {
    const due = {
      ...order('pending', ['payment_confirmed']),
      deadline: { kind: 'pay' as const, label: 'Payment due', at: '2026-11-23T10:00:00Z', automatic: true },
    };
    fakeServer({ 'GET /api/admin/orders': () => json({ items: [due], nextCursor: null }) });
    const { unmount } = render(<DeskOrders filter="pending_payment" label="Pending payments" empty="None" />);
    const table = await screen.findByRole('table', { name: 'Pending payments' });
    expect(within(table).getByText(/^Payment due: Nov 23/)).toBeInTheDocument();
    unmount();
    onPhone();
    render(<DeskOrders filter="pending_payment" label="Pending payments" empty="None" />);
    const list = await screen.findByRole('list', { name: 'Pending payments' });
    expect(within(list).getByText(/^Payment due: Nov 23/)).toBeInTheDocument();
  });

  it('says no deadline when the order waits for none', async () => {
    fakeServer({
      'GET /api/admin/orders': () => json({ items: [order('shipped', ['delivered'])], nextCursor: null }),
    });
    render(<DeskOrders filter="sales" label="Sales records" empty="No sales yet" />);
    const table = await screen.findByRole('table', { name: 'Sales records' });
    expect(within(table).queryByText(/due:|Completes automatically:/)).not.toBeInTheDocument();
  });

  it("on a phone says a bundle's items come to their price after the bundle discount", async () => {
    onPhone();
    fakeServer({ 'GET /api/admin/orders': () => json({ items: [bundle()], nextCursor: null }) });
    render(<DeskOrders filter="pending_payment" label="Pending payments" empty="None" />);
    const card = await screen.findByRole('listitem');
    expect(
      within(card).getByText(/to pay \$76\.82 \(3 items \$68\.40 after \$7\.60 bundle discount\)/),
    ).toBeInTheDocument();
    expect(within(card).queryByText(/\(item /)).not.toBeInTheDocument();
  });

  it('on a phone keeps "(item $Y)" for one item without a discount', async () => {
    onPhone();
    fakeServer({
      'GET /api/admin/orders': () =>
        json({ items: [order('pending', ['payment_confirmed'])], nextCursor: null }),
    });
    render(<DeskOrders filter="pending_payment" label="Pending payments" empty="None" />);
    const card = await screen.findByRole('listitem');
    expect(within(card).getByText(/to pay \$89\.00 \(item \$80\.00\)/)).toBeInTheDocument();
  });

  it("words a bundle's amount the same way in the table", async () => {
    fakeServer({ 'GET /api/admin/orders': () => json({ items: [bundle()], nextCursor: null }) });
    render(<DeskOrders filter="pending_payment" label="Pending payments" empty="None" />);
    const table = await screen.findByRole('table', { name: 'Pending payments' });
    expect(within(table).getByText('3 items $68.40 after $7.60 bundle discount')).toBeInTheDocument();
  });

  it("after Confirm Payment, focus goes to the order's number when its button is gone", async () => {
    document.cookie = 'csrftoken=t';
    let paid = false;
    fakeServer({
      'GET /api/admin/orders': () =>
        json({
          items: [paid ? order('payment_confirmed', ['shipped']) : order('pending', ['payment_confirmed'])],
          nextCursor: null,
        }),
      'POST /api/orders/1/confirm-payment': () => {
        paid = true;
        return json(order('payment_confirmed', ['shipped']));
      },
    });
    const user = userEvent.setup();
    render(<DeskOrders filter={null} label="All orders" empty="None" />);
    await user.click(await screen.findByRole('button', { name: /^Confirm Payment, .*order 42-ABC123/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Payment' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: /^Confirm Payment, .*order 42-ABC123/ }),
      ).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(screen.getByText('42-ABC123')).toHaveFocus());
  });

  it('after Confirm Payment on Pending payments, focus goes to the list when the row is gone', async () => {
    document.cookie = 'csrftoken=t';
    let paid = false;
    const other = { ...order('pending', ['payment_confirmed']), id: 2, orderNumber: '42-XYZ789' };
    fakeServer({
      'GET /api/admin/orders': () =>
        json({ items: paid ? [other] : [order('pending', ['payment_confirmed']), other], nextCursor: null }),
      'POST /api/orders/1/confirm-payment': () => {
        paid = true;
        return json(order('payment_confirmed', ['shipped']));
      },
    });
    const user = userEvent.setup();
    render(<DeskOrders filter="pending_payment" label="Pending payments" empty="None" />);
    await user.click(await screen.findByRole('button', { name: /^Confirm Payment, .*order 42-ABC123/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Payment' }));
    await waitFor(() => expect(screen.queryByText('42-ABC123')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('table', { name: 'Pending payments' })).toHaveFocus());
  });
});
