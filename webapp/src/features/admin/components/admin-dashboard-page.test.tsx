import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import { formatDay } from '@/lib/formatters';
import { fakeChartLayout } from '@/test-utils/chart-layout';
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

function makeSummary(overrides: Record<string, unknown> = {}) {
  const days = Array.from({ length: 30 }, (_, index) => ({
    date: new Date(Date.UTC(2026, 9, 24 + index)).toISOString().slice(0, 10),
    activeUsers: index,
    newSignups: 1,
    newListings: 2,
    completedSales: 0,
    searchQueries: 5,
    messagesSent: 3,
    offersMade: 1,
  }));
  return {
    totalUsers: 40,
    newSignupsThisWeek: 7,
    activeUsersToday: 10,
    buyerToSellerRatio: 2.5,
    buyerCount: 15,
    sellerCount: 6,
    transactionSuccessRate: 0.8,
    dailyMetrics: days,
    recentActivity: Array.from({ length: 12 }, (_, index) => ({
      kind: index === 0 ? 'sale_completed' : 'visit',
      at: '2026-11-22T10:00:00Z',
      userId: index + 1,
      username: index === 1 ? null : `user${index}`,
    })),
    ...overrides,
  };
}

beforeEach(() => {
  setSession('authenticated', makeUser({ role: 'admin' }));
});

describe('AdminDashboardPage analytics', () => {
  it('shows the figures, the active share and ten recent and daily rows', async () => {
    fakeServer({ 'GET /api/analytics/summary': () => json(makeSummary()) });
    renderRoutes(routes, '/admin?tab=analytics');
    expect(await screen.findByText('Total users')).toBeInTheDocument();
    expect(screen.getByText('25.0% of all users')).toBeInTheDocument();
    expect(screen.getByText('80.0%')).toBeInTheDocument();
    expect(screen.getByText('2.50')).toBeInTheDocument();
    const recent = screen.getByRole('table', { name: 'Recent activity' });
    expect(recent.querySelectorAll('tbody tr')).toHaveLength(10);
    expect(screen.getByText('Completed a sale')).toBeInTheDocument();
    expect(screen.getByText('A visitor')).toBeInTheDocument();
    const daily = screen.getByRole('table', { name: 'Daily activity' });
    const rows = daily.querySelectorAll('tbody tr');
    expect(rows).toHaveLength(10);
    expect(rows[0]).toHaveTextContent('29');
  });

  it('names and describes each chart, and spaces its day ticks evenly on a phone', async () => {
    const restore = fakeChartLayout();
    try {
      const summary = makeSummary();
      fakeServer({ 'GET /api/analytics/summary': () => json(summary) });
      renderRoutes(routes, '/admin?tab=analytics');
      const people = await screen.findByRole('application', { name: /^People per day, last 30 days/ });
      const actions = screen.getByRole('application', { name: /^Actions per day, last 30 days/ });
      for (const chart of [people, actions]) {
        expect(chart).toHaveAccessibleDescription(/also in the Daily activity table below/);
        const days = [
          ...chart.querySelectorAll('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value'),
        ].map((tick) => tick.textContent);
        const all = summary.dailyMetrics.map((day) => formatDay(day.date));
        const at = days.map((day) => all.indexOf(day ?? ''));
        expect(at.length).toBeGreaterThan(2);
        expect(at.length).toBeLessThan(all.length);
        expect(at.at(-1)).toBe(all.length - 1); // today
        const steps = new Set(at.slice(1).map((index, i) => index - at[i]));
        expect([...steps]).toHaveLength(1); // every Nth day
      }
    } finally {
      restore();
    }
  });

  it('says the data is unavailable when the call fails', async () => {
    fakeServer({ 'GET /api/analytics/summary': () => json({ message: 'Forbidden' }, 403) });
    renderRoutes(routes, '/admin?tab=analytics');
    expect(
      await screen.findByText('Analytics data unavailable. Please check your admin permissions.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('refuses non-admins with a way home', () => {
    setSession('authenticated', makeUser({ role: 'seller' }));
    renderRoutes(routes, '/admin');
    expect(
      screen.getByText('You need to be logged in as an administrator to access this page.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });

  it('switches tabs through the URL and refreshes every admin list', async () => {
    const server = fakeServer({
      'GET /api/analytics/summary': () => json(makeSummary()),
      'GET /api/admin/contact-messages': () => json({ items: [makeMessage()], nextCursor: null }),
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/admin?tab=analytics');
    await screen.findByText('Total users');
    await user.click(screen.getByRole('tab', { name: 'Contact Messages' }));
    expect(await screen.findByText('Order has not arrived')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=contact');
    const before = server.requests.length;
    await user.click(screen.getAllByRole('button', { name: 'Refresh' })[0]!);
    await vi.waitFor(() => expect(server.requests.length).toBeGreaterThan(before));
  });
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
    renderRoutes(routes, '/admin?tab=contact');
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(await screen.findByText('Order has not arrived')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'bea@example.com' })).toHaveAttribute(
      'href',
      'mailto:bea@example.com',
    );
    expect(screen.getByText('Jan 5, 2025')).toBeInTheDocument();
    expect(screen.getByText(/<b>still waiting<\/b> for order 42\./)).toBeInTheDocument();
    expect(document.querySelector('article b')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Older question')).toBeInTheDocument();
    expect(new URL(server.requests.at(-1)!.url).searchParams.get('cursor')).toBe('p2');
  });

  it('shows the empty state', async () => {
    fakeServer({ 'GET /api/admin/contact-messages': () => json({ items: [], nextCursor: null }) });
    renderRoutes(routes, '/admin?tab=contact');
    expect(await screen.findByText('No contact messages yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows the load failure with Try Again', async () => {
    fakeServer({ 'GET /api/admin/contact-messages': () => json({ message: 'Forbidden' }, 403) });
    renderRoutes(routes, '/admin?tab=contact');
    expect(await screen.findByText('Failed to load contact messages')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
