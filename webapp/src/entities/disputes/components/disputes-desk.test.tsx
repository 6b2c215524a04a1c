import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { makeDispute } from '@/test-utils/disputes';
import { render } from '@/test-utils/render';
import { DisputesDesk } from './disputes-desk';

const DISPUTE = makeDispute();

afterEach(() => vi.unstubAllGlobals());

function serve() {
  document.cookie = 'csrftoken=t';
  return fakeServer({
    'GET /api/admin/disputes': () => json([DISPUTE]),
    'GET /api/orders/18': () => json({ id: 18, orderNumber: '18-1S9XMD', total: '149.50' }),
    'POST /api/admin/disputes/4/resolve': () =>
      json({ ...DISPUTE, status: 'resolved', outcome: 'refund', outcomeLabel: 'Refunded to the buyer' }),
  });
}

const resolves = (server: ReturnType<typeof serve>) =>
  server.requests.filter((r) => r.method === 'POST' && new URL(r.url).pathname.endsWith('/resolve'));

describe('DisputesDesk', () => {
  it('asks before refunding: outcome, order and amount, and Cancel changes nothing', async () => {
    const server = serve();
    const user = userEvent.setup();
    render(<DisputesDesk />);
    await user.click(await screen.findByRole('button', { name: 'Refund buyer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund the buyer?' });
    expect(within(dialog).getByText('18-1S9XMD')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByTestId('resolve-amount')).toHaveTextContent('$149.50'));
    expect(within(dialog).getByText(/order becomes refunded/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(resolves(server)).toHaveLength(0);
    // Nothing changed: the focus is back on the button that asked.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Refund buyer' })),
    );
  });

  it('resolves only once the dialog is confirmed, with the note', async () => {
    const server = serve();
    const user = userEvent.setup();
    render(<DisputesDesk />);
    await user.type(await screen.findByLabelText('Note to both sides'), 'Photos checked.');
    await user.click(screen.getByRole('button', { name: 'Release payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release the payment?' });
    expect(resolves(server)).toHaveLength(0);
    expect(within(dialog).getByText(/payment goes to the seller, @theo/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Release payment' }));
    await waitFor(() => expect(resolves(server)).toHaveLength(1));
    expect(await resolves(server)[0].json()).toEqual({ outcome: 'release', note: 'Photos checked.' });
  });

  it('moves the focus to the next dispute once a resolved one leaves the list, then to "No open disputes"', async () => {
    document.cookie = 'csrftoken=t';
    const second = { ...DISPUTE, id: 5, orderId: 19, orderNumber: '19-2T0YNE' };
    let open = [DISPUTE, second];
    fakeServer({
      'GET /api/admin/disputes': () => json(open),
      'GET /api/orders/18': () => json({ id: 18, orderNumber: '18-1S9XMD', total: '149.50' }),
      'GET /api/orders/19': () => json({ id: 19, orderNumber: '19-2T0YNE', total: '80.00' }),
      'POST /api/admin/disputes/4/resolve': () => {
        open = [second];
        return json({ ...DISPUTE, status: 'resolved' });
      },
      'POST /api/admin/disputes/5/resolve': () => {
        open = [];
        return json({ ...second, status: 'resolved' });
      },
    });
    const user = userEvent.setup();
    render(<DisputesDesk />);
    const first = await screen.findByRole('article', { name: 'Dispute on order 18-1S9XMD' });
    await user.click(within(first).getByRole('button', { name: 'Refund buyer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund the buyer?' });
    await user.click(within(dialog).getByRole('button', { name: 'Refund buyer' }));
    await waitFor(() => expect(first).not.toBeInTheDocument());
    const next = screen.getByRole('article', { name: 'Dispute on order 19-2T0YNE' });
    await waitFor(() => expect(document.activeElement).toBe(next));
    // Mantine hands the focus back 10 ms after a dialog closes: it must not take it away.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(next);
    await user.click(within(next).getByRole('button', { name: 'Release payment' }));
    const last = await screen.findByRole('dialog', { name: 'Release the payment?' });
    await user.click(within(last).getByRole('button', { name: 'Release payment' }));
    const empty = await screen.findByText('No open disputes');
    await waitFor(() => expect(document.activeElement).toBe(empty));
  });
});
