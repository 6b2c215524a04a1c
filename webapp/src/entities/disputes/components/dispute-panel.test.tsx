import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order, OrderEvent } from '@/entities/order/order';
import { api } from '@/lib/api-client';
import { formatDateTime } from '@/lib/formatters';
import { fakeServer, json } from '@/test-utils/fake-server';
import { makeDispute } from '@/test-utils/disputes';
import { render } from '@/test-utils/render';
import { DisputePanel } from './dispute-panel';

afterEach(() => vi.unstubAllGlobals());

const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
const shippedLine = (at: string): OrderEvent => ({
  kind: 'status',
  status: 'shipped',
  label: 'Shipped',
  actorId: 8,
  at,
});

const ALL = ['not_as_described', 'damaged', 'counterfeit', 'not_received', 'other'] as const;
const NOT_YET = 'An item can be reported as not received 7 days after it was shipped.';

/** A buyer's order as the server sends it, with its claim window (a delivered order inside
 *  buyer protection unless told otherwise). */
function makeOrder(overrides: Partial<Order>): Order {
  return {
    id: 5,
    status: 'delivered',
    events: [shippedLine(ago(3))],
    protectionEndsAt: new Date(Date.now() + 2 * DAY).toISOString(),
    disputeReasons: [...ALL],
    disputeOpensAt: null,
    disputeWhyNot: null,
    ...overrides,
  } as Order;
}

async function openForm(order: Order) {
  const user = userEvent.setup();
  render(<DisputePanel order={order} role="buyer" />);
  await user.click(screen.getByRole('button', { name: 'Report a problem with this order' }));
  return user;
}

const reasonBox = () => screen.getByRole('combobox', { name: /What went wrong/ });

describe('DisputePanel: opening a dispute', () => {
  it('keeps a chosen reason when it is chosen again, and says why Open dispute is disabled', async () => {
    const user = await openForm(makeOrder({ status: 'delivered' }));
    await user.click(reasonBox());
    // A delivered order may give any of the five reasons.
    expect(await screen.findAllByRole('option')).toHaveLength(5);
    await user.click(screen.getByRole('option', { name: 'Arrived damaged' }));
    await user.click(reasonBox());
    await user.click(await screen.findByRole('option', { name: 'Arrived damaged' }));
    expect(reasonBox()).toHaveValue('Arrived damaged');
    const submit = screen.getByRole('button', { name: 'Open dispute' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription(/at least 20 characters to open the dispute \(20 more\)/);
    await user.type(screen.getByLabelText(/Describe the problem/), 'The strap is torn at the buckle.');
    expect(submit).toBeEnabled();
    expect(screen.queryByTestId('dispute-disabled-why')).not.toBeInTheDocument();
  });

  it('offers only the reasons the server says are open now: "Not received", preselected', async () => {
    const user = await openForm(
      makeOrder({ status: 'shipped', events: [shippedLine(ago(8))], disputeReasons: ['not_received'] }),
    );
    expect(reasonBox()).toHaveValue('Not received');
    await user.click(reasonBox());
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Not received']);
    await user.click(options[0]);
    await waitFor(() => expect(reasonBox()).toHaveValue('Not received'));
  });

  it("says the server's reason and from when a claim opens, instead of a form", async () => {
    // The order's own timeline says nothing here: the panel shows what the server judged.
    await openForm(
      makeOrder({
        status: 'shipped',
        events: [],
        disputeReasons: [],
        disputeOpensAt: '2026-11-27T10:00:00Z',
        disputeWhyNot: NOT_YET,
      }),
    );
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('You cannot open a dispute yet');
    expect(notice).toHaveTextContent(NOT_YET);
    expect(notice).toHaveTextContent(
      `You can open a dispute from ${formatDateTime('2026-11-27T10:00:00Z')}.`,
    );
    expect(screen.queryByRole('button', { name: 'Open dispute' })).not.toBeInTheDocument();
  });

  it('offers nothing once buyer protection has ended, in the words of the server', async () => {
    const ended = 'Buyer protection ended 3 days after delivery, so this order can no longer be disputed.';
    await openForm(makeOrder({ disputeReasons: [], disputeWhyNot: ended }));
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('You cannot open a dispute');
    expect(notice).toHaveTextContent(ended);
    expect(notice).not.toHaveTextContent('from');
    expect(screen.queryByRole('combobox', { name: /What went wrong/ })).not.toBeInTheDocument();
  });

  it("takes the reasons from the server, not from the order's dates", async () => {
    // Delivered, protection running by the dates, but the server says "not received" only.
    const user = await openForm(makeOrder({ disputeReasons: ['not_received'] }));
    await user.click(reasonBox());
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Not received']);
  });
});

describe('DisputePanel: where the keyboard focus goes', () => {
  const DISPUTE = makeDispute({
    id: 9,
    orderId: 5,
    orderNumber: '5-ABC',
    reason: 'damaged',
    reasonLabel: 'Arrived damaged',
    details: 'The strap is torn at the buckle.',
  });

  /** The order card's panel as the orders page draws it: the order read from the server. */
  function OrderCard({ role = 'buyer' }: { role?: 'buyer' | 'seller' }) {
    const order = useQuery({ queryKey: ['orders', 5], queryFn: () => api.get('orders/5').json<Order>() });
    return order.data ? <DisputePanel order={order.data} role={role} /> : null;
  }

  it('moves to the first field when the form opens, back to the button on Cancel', async () => {
    const user = await openForm(makeOrder({ status: 'delivered' }));
    expect(document.activeElement).toBe(reasonBox());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const report = screen.getByRole('button', { name: 'Report a problem with this order' });
    await waitFor(() => expect(document.activeElement).toBe(report));
  });

  it('moves to why no claim can be made when that replaces the form', async () => {
    await openForm(makeOrder({ disputeReasons: [], disputeWhyNot: 'Buyer protection ended.' }));
    expect(document.activeElement).toBe(screen.getByRole('status'));
  });

  it("moves to the dispute's heading once the opened dispute is drawn", async () => {
    document.cookie = 'csrftoken=t';
    let opened = false;
    fakeServer({
      'GET /api/orders/5': () => json(makeOrder({ status: opened ? 'disputed' : 'delivered' })),
      'POST /api/orders/5/dispute': () => {
        opened = true;
        return json(DISPUTE);
      },
      'GET /api/orders/5/dispute': () => json(DISPUTE),
    });
    const user = userEvent.setup();
    render(<OrderCard />);
    await user.click(await screen.findByRole('button', { name: 'Report a problem with this order' }));
    await user.click(reasonBox());
    await user.click(await screen.findByRole('option', { name: 'Arrived damaged' }));
    await user.type(screen.getByLabelText(/Describe the problem/), 'The strap is torn at the buckle.');
    await user.click(screen.getByRole('button', { name: 'Open dispute' }));
    const heading = await screen.findByRole('heading', { name: 'Dispute: Arrived damaged' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it("names the buyer's box and button for adding to the claim, not 'answer'", async () => {
    fakeServer({
      'GET /api/orders/5': () => json(makeOrder({ status: 'disputed' })),
      'GET /api/orders/5/dispute': () => json(DISPUTE),
    });
    render(<OrderCard />);
    expect(await screen.findByLabelText('Add to your claim')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to claim' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send answer' })).not.toBeInTheDocument();
  });

  it('gives the focus back to the box once an answer is sent', async () => {
    document.cookie = 'csrftoken=t';
    let answered = false;
    const answer = {
      id: 1,
      authorId: 8,
      text: 'It left me in perfect condition.',
      photos: [],
      createdAt: ago(0),
    };
    fakeServer({
      'GET /api/orders/5': () => json(makeOrder({ status: 'disputed' })),
      'GET /api/orders/5/dispute': () => json(answered ? { ...DISPUTE, responses: [answer] } : DISPUTE),
      'POST /api/disputes/9/responses': () => {
        answered = true;
        return json({ ...DISPUTE, responses: [answer] }, 201);
      },
    });
    const user = userEvent.setup();
    render(<OrderCard role="seller" />);
    await user.type(await screen.findByLabelText('Your answer'), answer.text);
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText(answer.text)).toBeInTheDocument();
    // The button that had the focus is disabled until something is typed again.
    await waitFor(() => expect(screen.getByLabelText('Your answer')).toHaveFocus());
    expect(screen.getByLabelText('Your answer')).toHaveValue('');
  });
});
