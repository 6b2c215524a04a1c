import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { render } from '@/test-utils/render';
import type { Dispute } from '../api';
import { DisputesDesk } from './disputes-desk';

const DISPUTE: Dispute = {
  id: 4,
  orderId: 18,
  orderNumber: '18-1S9XMD',
  orderStatus: 'disputed',
  buyer: { id: 7, username: 'sofia', displayName: 'Sofia' },
  seller: { id: 8, username: 'theo', displayName: 'Theo' },
  reason: 'not_as_described',
  reasonLabel: 'Not as described',
  details: 'The jacket has a torn lining inside the left sleeve.',
  photos: [],
  status: 'open',
  outcome: null,
  outcomeLabel: null,
  note: null,
  createdAt: '2026-11-29T04:00:00Z',
  resolvedAt: null,
  responses: [],
};

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
});
