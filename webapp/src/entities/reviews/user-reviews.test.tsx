import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { renderRoutes } from '@/test-utils/render';
import { UserReviews } from './user-reviews';

describe('UserReviews', () => {
  it("links the reviewer's name in the theme's link colour, not the browser's blue", async () => {
    fakeServer({
      'GET /api/users/3/reviews': () =>
        json([
          {
            id: 1,
            orderId: 9,
            reviewerId: 7,
            rating: 5,
            comment: 'Lovely jacket',
            createdAt: '2026-11-20T10:00:00Z',
            reviewerUsername: 'sofia',
            reviewerDisplayName: 'Sofia Martinez',
            reviewerAvatarUrl: null,
            role: 'buyer',
          },
        ]),
    });
    renderRoutes([{ path: '/profile/3', element: <UserReviews userId={3} /> }], '/profile/3');
    const name = await screen.findByRole('link', { name: 'Sofia Martinez' });
    expect(name).toHaveAttribute('href', '/profile/7');
    // Mantine's Anchor takes the theme's link colour (Text leaves an <a> the browser's own).
    expect(name).toHaveClass('mantine-Anchor-root');
  });
});
