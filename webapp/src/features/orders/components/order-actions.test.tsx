import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { render } from '@/test-utils/render';
import type { Order } from '../api';
import { OrderActions } from './order-actions';

const ORDER = {
  id: 9,
  orderNumber: '42-K3Z0QF',
  status: 'payment_confirmed',
  allowedTransitions: ['shipped'],
} as unknown as Order;

afterEach(() => vi.unstubAllGlobals());

describe('OrderActions', () => {
  it('asks for a tracking number before marking the order shipped', async () => {
    document.cookie = 'csrftoken=t';
    const server = fakeServer({ 'PUT /api/orders/9/status': () => json({ ...ORDER, status: 'shipped' }) });
    const user = userEvent.setup();
    render(<OrderActions order={ORDER} role="seller" />);
    await user.click(screen.getByRole('button', { name: 'Mark as Shipped' }));
    await user.click(screen.getByRole('button', { name: 'Mark as Shipped' }));
    expect(await screen.findByText('Tracking number is required')).toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
    await user.type(screen.getByLabelText(/Tracking number/), '1Z999');
    await user.click(screen.getByRole('button', { name: 'Mark as Shipped' }));
    await waitFor(() => expect(server.requests).toHaveLength(1));
    expect(await server.requests[0].json()).toEqual({ status: 'shipped', trackingNumber: '1Z999' });
    expect(await screen.findByText('Status updated')).toBeInTheDocument();
  });

  it('moves focus to the tracking number as the form opens, and back to the button on Cancel', async () => {
    fakeServer({});
    const user = userEvent.setup();
    render(<OrderActions order={ORDER} role="seller" />);
    await user.click(screen.getByRole('button', { name: 'Mark as Shipped' }));
    expect(screen.getByLabelText(/Tracking number/)).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Mark as Shipped' })).toHaveFocus();
  });

  it('asks before Confirm Receipt and says it ends the 3-day inspection window', async () => {
    document.cookie = 'csrftoken=t';
    const delivered = {
      ...ORDER,
      status: 'delivered',
      allowedTransitions: ['completed'],
    } as unknown as Order;
    const server = fakeServer({
      'PUT /api/orders/9/status': () => json({ ...delivered, status: 'completed' }),
    });
    const user = userEvent.setup();
    render(<OrderActions order={delivered} role="buyer" />);
    await user.click(screen.getByRole('button', { name: 'Confirm Receipt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm receipt?' });
    expect(dialog).toHaveTextContent('ends your 3-day inspection window');
    expect(server.requests).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Not yet' }));
    expect(server.requests).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Confirm Receipt' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, I received it' }));
    await waitFor(() => expect(server.requests).toHaveLength(1));
    expect(await server.requests[0].json()).toEqual({ status: 'completed' });
    // The buyer hears what the receipt did, not the seller's 'Status updated'.
    expect(await screen.findByText('Receipt confirmed')).toBeInTheDocument();
    expect(screen.getByText(/released to the seller\. You can now leave a review\./)).toBeInTheDocument();
    expect(screen.queryByText('Status updated')).not.toBeInTheDocument();
  });
});
