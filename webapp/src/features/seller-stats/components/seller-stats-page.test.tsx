import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeChartLayout } from '@/test-utils/chart-layout';
import { fakeServer, json } from '@/test-utils/fake-server';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import { onPhone } from '@/test-utils/viewport';
import type { SellerStats } from '../api';
import SellerStatsPage from './seller-stats-page';

const routes = [{ path: '/seller/stats', element: <SellerStatsPage /> }];

function makeStats(overrides: Partial<SellerStats> = {}): SellerStats {
  const days = Array.from({ length: 30 }, (_, i) => ({
    date: `2026-11-${String(i + 1).padStart(2, '0')}`,
    views: i,
    offers: i % 3,
    sales: i === 29 ? 1 : 0,
    earnings: i === 29 ? '18.52' : '0.00',
  }));
  return {
    days,
    totals: { views: 435, offers: 29, sales: 1, earnings: '18.52' },
    listings: [
      {
        productId: 4,
        title: 'Wool coat',
        status: 'available',
        price: '80.00',
        views: 12,
        watchers: 3,
        offers: 2,
        daysListed: 5,
      },
      {
        productId: 2,
        title: 'Silk scarf',
        status: 'sold',
        price: '20.00',
        views: 4,
        watchers: 0,
        offers: 0,
        daysListed: 9,
      },
    ],
    ...overrides,
  };
}

describe('SellerStatsPage', () => {
  beforeEach(() => setSession('authenticated', makeUser({ id: 3, username: 'maya' })));

  it('names each chart for a screen reader and says how to read it by day', async () => {
    const restore = fakeChartLayout();
    try {
      fakeServer({ 'GET /api/user/stats': () => json(makeStats()) });
      renderRoutes(routes, '/seller/stats');
      const names = [
        'Views of your listings per day, last 30 days',
        'Offers received and sales per day, last 30 days',
        'Earnings per day, last 30 days',
      ];
      for (const name of names) {
        const chart = await screen.findByRole('application', { name });
        expect(chart).toHaveAccessibleDescription('Use the arrow keys on the chart to read each day.');
      }
      expect(screen.getByRole('region', { name: 'Earnings per day' })).toBeInTheDocument();
      // Counts are ticked in whole numbers (the most offers in a day is 2: never 0.5 or 1.5).
      const offers = screen.getByRole('region', { name: 'Offers and sales per day' });
      const ticks = [
        ...offers.querySelectorAll('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value'),
      ].map((tick) => tick.textContent);
      expect(ticks.length).toBeGreaterThan(1);
      expect(ticks.every((tick) => /^\d+$/.test(tick ?? ''))).toBe(true);
      // Amounts are ticked in dollars without cents ($5, not $5.00).
      const earnings = screen.getByRole('region', { name: 'Earnings per day' });
      const dollars = [
        ...earnings.querySelectorAll('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value'),
      ].map((tick) => tick.textContent);
      expect(dollars).toContain('$0');
      expect(dollars.every((tick) => /^\$\d+(\.\d\d)?$/.test(tick ?? '') && !tick?.endsWith('.00'))).toBe(
        true,
      );
    } finally {
      restore();
    }
  });

  it("lists each listing's figures in a line under its title on a phone, instead of a table that scrolls sideways", async () => {
    onPhone();
    fakeServer({ 'GET /api/user/stats': () => json(makeStats()) });
    renderRoutes(routes, '/seller/stats');
    const list = await screen.findByRole('list', { name: 'Your listings' });
    expect(screen.queryByRole('table', { name: 'Your listings' })).not.toBeInTheDocument();
    const coat = within(list).getByRole('link', { name: 'Wool coat' }).closest('li')!;
    expect(coat).toHaveTextContent('12 views · 3 watchers · 2 offers · 5 days listed');
  });

  it('shows the 30-day figures, the charts and each listing', async () => {
    fakeServer({ 'GET /api/user/stats': () => json(makeStats()) });
    renderRoutes(routes, '/seller/stats');
    expect(await screen.findByText('435')).toBeInTheDocument();
    expect(screen.getByText('$18.52')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Views per day' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Earnings per day' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Your listings' });
    const coat = within(table).getByRole('link', { name: 'Wool coat' }).closest('tr')!;
    expect(
      within(coat)
        .getAllByRole('cell')
        .slice(1)
        .map((c) => c.textContent),
    ).toEqual(['12', '3', '2', '5']);
    expect(within(table).getByText('sold')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Stats' })).toHaveAttribute('aria-current', 'page');
  });

  it('has an empty state and a retry after a failure', async () => {
    let fail = true;
    fakeServer({
      'GET /api/user/stats': () =>
        fail ? json({ message: 'boom' }, 500) : json(makeStats({ listings: [] })),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/seller/stats');
    expect(await screen.findByText('Failed to load your stats')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No stats yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'List an item' })).toHaveAttribute('href', '/create-listing');
  });
});
