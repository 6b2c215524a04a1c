import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { makeOffer } from '@/test-utils/offers';
import { renderRoutes } from '@/test-utils/render';
import type { Offer } from './offer';
import { OfferThreadCard } from './offer-thread-card';

/** The offer as GET /api/offers/9 has it now: the seller (3) countered $60.00 with $70.00. */
const countered: Offer = makeOffer({
  id: 9,
  status: 'countered',
  originalPrice: '80.00',
  offerPrice: '60.00',
  counterPrice: '70.00',
  updatedAt: '2026-11-20T12:00:00Z',
  product: { id: 1, title: 'Denim jacket', price: '80.00', status: 'available', images: [], thumbnails: [] },
  buyer: null,
  seller: null,
});

function show(sentAt: string, content: string) {
  fakeServer({ 'GET /api/offers/9': () => json(countered) });
  renderRoutes(
    [{ path: '/', element: <OfferThreadCard offerId={9} viewerId={7} content={content} sentAt={sentAt} /> }],
    '/',
  );
}

describe('OfferThreadCard', () => {
  it("on an earlier message shows the offer's current status beside its live amounts, not one read from the text", async () => {
    show('2026-11-20T10:00:00Z', 'Offer: $60.00 for “Denim jacket”.');
    const card = await screen.findByRole('article', { name: 'Offer' });
    expect(await within(card).findByText(/Offer \$60\.00 · Counter \$70\.00/)).toBeInTheDocument();
    // The message's own text stays as the record of then; the badge is the offer now.
    expect(within(card).getByText('Offer: $60.00 for “Denim jacket”.')).toBeInTheDocument();
    expect(within(card).getByText('Countered')).toBeInTheDocument();
    expect(within(card).getByText('Status now:')).toBeInTheDocument();
    expect(within(card).queryByText('Pending')).not.toBeInTheDocument();
    // The buttons belong to the latest message only.
    expect(within(card).queryByRole('button', { name: 'Accept Counter' })).not.toBeInTheDocument();
  });

  it('on the latest message shows the current status with its sentence and the answers', async () => {
    show('2026-11-20T12:00:00Z', 'Countered your offer of $60.00 for “Denim jacket” with $70.00.');
    const card = await screen.findByRole('article', { name: 'Offer' });
    expect(await within(card).findByText('Countered')).toBeInTheDocument();
    expect(within(card).getByText('The seller countered with $70.00.')).toBeInTheDocument();
    expect(within(card).queryByText('Status now:')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Accept Counter' })).toBeInTheDocument();
  });
});
