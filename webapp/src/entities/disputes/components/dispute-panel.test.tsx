import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Order, OrderEvent } from '@/entities/order/order';
import { render } from '@/test-utils/render';
import { DisputePanel } from './dispute-panel';

const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
const shippedLine = (at: string): OrderEvent => ({
  kind: 'status',
  status: 'shipped',
  label: 'Shipped',
  actorId: 8,
  at,
});

function makeOrder(overrides: Partial<Order>): Order {
  return {
    id: 5,
    status: 'delivered',
    events: [shippedLine(ago(3))],
    protectionEndsAt: new Date(Date.now() + 2 * DAY).toISOString(),
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

  it('offers only "Not received" on a shipped order, preselected, and it stays chosen', async () => {
    const user = await openForm(makeOrder({ status: 'shipped', events: [shippedLine(ago(8))] }));
    expect(reasonBox()).toHaveValue('Not received');
    await user.click(reasonBox());
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Not received']);
    await user.click(options[0]);
    await waitFor(() => expect(reasonBox()).toHaveValue('Not received'));
  });

  it('says from when a shipped order can be reported as not received, instead of a form', async () => {
    const shipped = ago(2);
    await openForm(makeOrder({ status: 'shipped', events: [shippedLine(shipped)] }));
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('You cannot open a dispute yet');
    expect(notice).toHaveTextContent(
      /You can report the item as not received from .+, 7 days after it was shipped\./,
    );
    expect(screen.queryByRole('button', { name: 'Open dispute' })).not.toBeInTheDocument();
  });
});
