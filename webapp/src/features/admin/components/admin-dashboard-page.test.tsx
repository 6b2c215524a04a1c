import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import AdminDashboardPage from './admin-dashboard-page';

const routes = [{ path: '/admin', element: <AdminDashboardPage /> }];

function makeMessage(overrides: Record<string, unknown> = {}) {
  return {
    id: 1,
    name: 'Bea Cruz',
    email: 'bea@example.com',
    subject: 'Order has not arrived',
    message: 'Hello,\n<b>still waiting</b> for order 42.',
    createdAt: '2025-01-05T10:00:00Z',
    userId: null,
    ...overrides,
  };
}

beforeEach(() => {
  setSession('authenticated', makeUser({ role: 'admin' }));
});

describe('AdminDashboardPage', () => {
  it('lists contact messages as plain text with a mailto link and date', async () => {
    const server = fakeServer({
      'GET /api/admin/contact-messages': (request) =>
        new URL(request.url).searchParams.get('cursor') === 'p2'
          ? json({ items: [makeMessage({ id: 2, subject: 'Older question' })], nextCursor: null })
          : json({ items: [makeMessage()], nextCursor: 'p2' }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/admin');
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(await screen.findByText('Order has not arrived')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'bea@example.com' })).toHaveAttribute('href', 'mailto:bea@example.com');
    expect(screen.getByText('Jan 5, 2025')).toBeInTheDocument();
    expect(screen.getByText(/<b>still waiting<\/b> for order 42\./)).toBeInTheDocument();
    expect(document.querySelector('article b')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Older question')).toBeInTheDocument();
    expect(new URL(server.requests.at(-1)!.url).searchParams.get('cursor')).toBe('p2');
  });

  it('shows the empty state', async () => {
    fakeServer({ 'GET /api/admin/contact-messages': () => json({ items: [], nextCursor: null }) });
    renderRoutes(routes, '/admin');
    expect(await screen.findByText('No contact messages yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows the load failure with Try Again', async () => {
    fakeServer({ 'GET /api/admin/contact-messages': () => json({ message: 'Forbidden' }, 403) });
    renderRoutes(routes, '/admin');
    expect(await screen.findByText('Failed to load contact messages')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
