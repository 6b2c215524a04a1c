import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { renderRoutes } from '@/test-utils/render';
import type { AuditEntry } from '../api';
import { AuditLog } from './audit-log';
import { onPhone } from '@/test-utils/viewport';

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  adminId: 9,
  adminUsername: 'boss',
  action: 'listing_hidden',
  targetType: 'listing',
  targetId: 5,
  targetLabel: 'Listing “Wool coat”',
  targetLink: '/product/5',
  note: 'Fake',
  createdAt: '2026-11-20T10:00:00Z',
  ...overrides,
});

const ENTRIES: AuditEntry[] = [
  entry({ id: 1 }),
  entry({
    id: 2,
    action: 'user_suspended',
    targetType: 'user',
    targetId: 3,
    targetLabel: 'Member @maya',
    targetLink: '/profile/3',
  }),
  entry({
    id: 3,
    action: 'comment_hidden',
    targetType: 'comment',
    targetId: 32,
    targetLabel: 'Comment “Rude words”',
    targetLink: '/post/31#comment-32',
  }),
  // A post deleted since: the server gives no link.
  entry({
    id: 4,
    action: 'post_hidden',
    targetType: 'post',
    targetId: 8,
    targetLabel: 'Style post #8 (deleted)',
    targetLink: null,
  }),
  entry({
    id: 5,
    adminId: null,
    adminUsername: null,
    action: 'payment_confirmed',
    targetType: 'order',
    targetId: 12,
    targetLabel: 'Order 42-K3Z0QF',
    targetLink: null,
    note: '42-K3Z0QF',
  }),
  entry({
    id: 6,
    adminId: 7,
    adminUsername: null,
    action: 'report_resolved',
    targetType: 'report',
    targetId: 2,
    targetLabel: 'Report #2 about listing “Wool coat”',
    targetLink: null,
    note: '',
  }),
];

describe('AuditLog', () => {
  it('names each target as the server does, linked where it is seen', async () => {
    fakeServer({ 'GET /api/admin/audit': () => json({ items: ENTRIES, nextCursor: null }) });
    renderRoutes([{ path: '/admin', element: <AuditLog /> }], '/admin');
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const [hidden, suspended, comment, deleted, paid, resolved] = within(table).getAllByRole('row').slice(1);
    expect(within(hidden).getByText('@boss')).toBeInTheDocument();
    expect(within(hidden).getByRole('link', { name: 'Listing “Wool coat”' })).toHaveAttribute(
      'href',
      '/product/5',
    );
    expect(within(suspended).getByRole('link', { name: 'Member @maya' })).toHaveAttribute(
      'href',
      '/profile/3',
    );
    expect(within(comment).getByRole('link', { name: 'Comment “Rude words”' })).toHaveAttribute(
      'href',
      '/post/31#comment-32',
    );
    expect(within(deleted).getByText('Style post #8 (deleted)')).toBeInTheDocument();
    expect(within(deleted).queryByRole('link')).not.toBeInTheDocument();
    expect(within(paid).getByText('Operator (CLI)')).toBeInTheDocument();
    expect(within(paid).getByText('Order 42-K3Z0QF')).toBeInTheDocument();
    expect(within(paid).queryByRole('link')).not.toBeInTheDocument();
    expect(within(resolved).getByText('Report #2 about listing “Wool coat”')).toBeInTheDocument();
    // An administrator whose account is gone is still told apart by id.
    expect(within(resolved).getByText('#7')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('loads older entries with Load more, for the chosen action too, and focuses the first new one', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /api/admin/audit': (request) => {
        const params = new URL(request.url).searchParams;
        const action = params.get('action');
        const prefix = action ? 'Filtered' : 'Coat';
        return params.get('cursor') === `next-${action ?? ''}`
          ? json({ items: [entry({ id: 3, targetLabel: `Listing “${prefix} 3”` })], nextCursor: null })
          : json({
              items: [1, 2].map((id) => entry({ id, targetLabel: `Listing “${prefix} ${id}”` })),
              nextCursor: `next-${action ?? ''}`,
            });
      },
    });
    renderRoutes([{ path: '/admin', element: <AuditLog /> }], '/admin');
    await screen.findByText('Listing “Coat 2”');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    const third = await screen.findByText('Listing “Coat 3”');
    expect(screen.getAllByRole('row')).toHaveLength(4); // the header and three entries
    await waitFor(() => expect(third.closest('tr')).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Listing hidden' }));
    await screen.findByText('Listing “Filtered 2”');
    expect(screen.queryByText('Listing “Coat 1”')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Listing “Filtered 3”');
    const asked = server.requests.map((r) => new URL(r.url).searchParams);
    expect(asked.map((p) => [p.get('action'), p.get('cursor')])).toEqual([
      [null, null],
      [null, 'next-'],
      ['listing_hidden', null],
      ['listing_hidden', 'next-listing_hidden'],
    ]);
  });

  it('says so when the next page fails, and Load more tries again', async () => {
    const user = userEvent.setup();
    let fail = true;
    fakeServer({
      'GET /api/admin/audit': (request) => {
        if (!new URL(request.url).searchParams.get('cursor'))
          return json({ items: [entry({ id: 1 })], nextCursor: 'next' });
        if (fail) return json({ message: 'Server error' }, 500);
        return json({ items: [entry({ id: 2, targetLabel: 'Listing “Silk scarf”' })], nextCursor: null });
      },
    });
    renderRoutes([{ path: '/admin', element: <AuditLog /> }], '/admin');
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load more entries');
    expect(screen.getByText('Listing “Wool coat”')).toBeInTheDocument(); // the first page stays
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Listing “Silk scarf”');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows each entry as a block on a phone, with nothing to scroll sideways', async () => {
    onPhone();
    fakeServer({ 'GET /api/admin/audit': () => json({ items: ENTRIES, nextCursor: null }) });
    renderRoutes([{ path: '/admin', element: <AuditLog /> }], '/admin');
    const list = await screen.findByRole('list', { name: 'Audit log' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const blocks = within(list).getAllByRole('listitem');
    expect(blocks).toHaveLength(ENTRIES.length);
    const [hidden, , , deleted, paid] = blocks;
    expect(hidden).toHaveTextContent('@boss');
    expect(within(hidden).getByText('Listing hidden')).toBeInTheDocument();
    expect(within(hidden).getByRole('link', { name: 'Listing “Wool coat”' })).toHaveAttribute(
      'href',
      '/product/5',
    );
    expect(within(hidden).getByText('Fake')).toBeInTheDocument();
    expect(within(deleted).getByText('Style post #8 (deleted)')).toBeInTheDocument();
    expect(within(deleted).queryByRole('link')).not.toBeInTheDocument();
    expect(paid).toHaveTextContent('Operator (CLI)');
    expect(within(paid).getByText('Order 42-K3Z0QF')).toBeInTheDocument();
  });
});
