import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { renderRoutes } from '@/test-utils/render';
import type { AuditEntry } from '../api';
import { AuditLog } from './audit-log';

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  adminId: 9,
  adminUsername: 'boss',
  action: 'listing_hidden',
  targetType: 'listing',
  targetId: 5,
  targetLink: '/product/5',
  note: 'Fake',
  createdAt: '2026-11-20T10:00:00Z',
  ...overrides,
});

describe('AuditLog', () => {
  it('names the administrator and links each target where the server says it is seen', async () => {
    fakeServer({
      'GET /api/admin/audit': () =>
        json({
          items: [
            entry({ id: 1 }),
            entry({
              id: 2,
              action: 'user_suspended',
              targetType: 'user',
              targetId: 3,
              targetLink: '/profile/3',
            }),
            entry({
              id: 3,
              action: 'comment_hidden',
              targetType: 'comment',
              targetId: 32,
              targetLink: '/post/31#comment-32',
            }),
            // A post deleted since: the server gives no link.
            entry({ id: 4, action: 'post_hidden', targetType: 'post', targetId: 8, targetLink: null }),
            entry({
              id: 5,
              adminId: null,
              adminUsername: null,
              action: 'payment_confirmed',
              targetType: 'order',
              targetId: 12,
              targetLink: null,
            }),
            entry({
              id: 6,
              adminId: 7,
              adminUsername: null,
              action: 'report_resolved',
              targetType: 'report',
              targetId: 2,
              targetLink: null,
            }),
          ],
          nextCursor: null,
        }),
    });
    renderRoutes([{ path: '/admin', element: <AuditLog /> }], '/admin');
    const rows = await screen.findAllByRole('row');
    const [hidden, suspended, comment, deleted, paid, resolved] = rows.slice(1);
    expect(within(hidden).getByText('@boss')).toBeInTheDocument();
    expect(within(hidden).getByRole('link', { name: 'listing #5' })).toHaveAttribute('href', '/product/5');
    expect(within(suspended).getByRole('link', { name: 'user #3' })).toHaveAttribute('href', '/profile/3');
    expect(within(comment).getByRole('link', { name: 'comment #32' })).toHaveAttribute(
      'href',
      '/post/31#comment-32',
    );
    expect(within(deleted).getByText('post #8')).toBeInTheDocument();
    expect(within(deleted).queryByRole('link')).not.toBeInTheDocument();
    expect(within(paid).getByText('Operator (CLI)')).toBeInTheDocument();
    expect(within(paid).getByText('order #12')).toBeInTheDocument();
    expect(within(paid).queryByRole('link')).not.toBeInTheDocument();
    // An administrator whose account is gone is still told apart by id.
    expect(within(resolved).getByText('#7')).toBeInTheDocument();
  });
});
