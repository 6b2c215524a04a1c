import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Offer } from '@/entities/offer/offer';
import { fakeServer, json } from '@/test-utils/fake-server';
import { makeOffer } from '@/test-utils/offers';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import { MyOfferNote } from './my-offer-note';

function offer(id: number, buyerId: number, offerPrice: string, status: Offer['status']): Offer {
  const tote = {
    id: 24,
    title: 'Tote',
    price: '30.00',
    status: 'available' as const,
    images: [],
    thumbnails: [],
  };
  return makeOffer({
    id,
    productId: 24,
    buyerId,
    status,
    originalPrice: '30.00',
    offerPrice,
    createdAt: '2026-11-01T10:00:00Z',
    product: tote,
    buyer: null,
    seller: null,
  });
}

const note = [{ path: '/', element: <MyOfferNote productId={24} signedIn /> }];

beforeEach(() => {
  document.cookie = 'csrftoken=t';
});

describe('MyOfferNote', () => {
  it("shows an administrator only their own offer, never another buyer's", async () => {
    setSession('authenticated', makeUser({ id: 1, role: 'admin' }));
    fakeServer({
      'GET /api/products/24/offers': () =>
        json({
          items: [offer(8, 7, '21.45', 'rejected'), offer(5, 1, '25.00', 'pending')],
          nextCursor: null,
        }),
    });
    renderRoutes(note, '/');
    expect(await screen.findByText(/Your offer of \$25\.00/)).toBeInTheDocument();
    expect(screen.queryByText(/\$21\.45/)).not.toBeInTheDocument();
  });

  it('shows nothing when none of the offers is the viewer’s', async () => {
    setSession('authenticated', makeUser({ id: 1, role: 'admin' }));
    const server = fakeServer({
      'GET /api/products/24/offers': () =>
        json({ items: [offer(8, 7, '21.45', 'rejected')], nextCursor: null }),
    });
    renderRoutes(note, '/');
    await expect.poll(() => server.requests.length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/Your offer/)).not.toBeInTheDocument();
  });
});
