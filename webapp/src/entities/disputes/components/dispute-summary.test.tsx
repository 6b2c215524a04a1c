import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '@/lib/formatters';
import { fakeServer, json } from '@/test-utils/fake-server';
import { makeDispute } from '@/test-utils/disputes';
import { render } from '@/test-utils/render';
import { DisputesDesk } from './disputes-desk';

const DISPUTE = makeDispute({
  orderId: 44,
  orderNumber: '44-TVW5VO',
  orderPlacedAt: '2026-11-26T12:00:00Z',
  items: [
    { id: 31, title: 'Waxed jacket', image: '/media/jacket-thumb.webp' },
    { id: 32, title: 'Wool scarf', image: null },
  ],
  createdAt: '2026-11-29T12:00:00Z',
});

afterEach(() => vi.unstubAllGlobals());

describe('DisputesDesk: what a dispute is about', () => {
  it('shows the item, its photo and the total, and tells the two dates apart', async () => {
    fakeServer({ 'GET /api/admin/disputes': () => json([DISPUTE]) });
    render(<DisputesDesk />);
    const card = await screen.findByRole('article', { name: 'Dispute on order 44-TVW5VO' });
    expect(within(card).getByRole('link', { name: 'Waxed jacket and 1 more' })).toHaveAttribute(
      'href',
      '/product/31',
    );
    expect(within(card).getByText('$149.50', { exact: false })).toBeInTheDocument();
    expect(card.querySelector('img')).toHaveAttribute('src', '/media/jacket-thumb.webp');
    const opened = formatDate(DISPUTE.createdAt);
    const placed = formatDate(DISPUTE.orderPlacedAt);
    expect(opened).not.toBe(placed);
    expect(
      within(card).getByText(`Order 44-TVW5VO · Opened ${opened} · Order placed ${placed}`),
    ).toBeInTheDocument();
  });
});
