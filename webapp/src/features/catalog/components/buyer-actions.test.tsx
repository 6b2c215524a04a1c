import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Offer } from '@/entities/offer/offer';
import { fakeServer, json, type Handler } from '@/test-utils/fake-server';
import { makeOffer } from '@/test-utils/offers';
import { makeProduct } from '@/test-utils/products';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import ProductPage from './product-page';

const routes = [{ path: '/product/:id', element: <ProductPage /> }];

/** The product page of maya's $100.00 listing 1 for sofia (7), whose offers are `offers()`. */
function serve(offers: () => Offer[], extra: Record<string, Handler> = {}) {
  return fakeServer({
    'GET /api/products/1': () => json(makeProduct({ price: '100.00' })),
    'GET /api/products/1/tagged-posts': () => json([]),
    'GET /api/products/1/similar': () => json({ items: [] }),
    'GET /api/products/1/offers': () => json({ items: offers(), nextCursor: null }),
    'GET /api/favorites/check/1': () => json({ isFavorited: false }),
    ...extra,
  });
}

beforeEach(() => {
  setSession('authenticated', makeUser({ id: 7, username: 'sofia' }));
  document.cookie = 'csrftoken=t';
});

describe("the product page with the buyer's open offer", () => {
  it('links to the pending offer instead of offering Make an Offer (the server would refuse a second)', async () => {
    serve(() => [makeOffer()]);
    renderRoutes(routes, '/product/1');
    const mine = await screen.findByRole('link', { name: 'Your Offer $80.00' });
    expect(mine).toHaveAttribute('href', '/buyer/offers');
    expect(screen.queryByRole('button', { name: 'Make an Offer' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy It Now' })).toBeInTheDocument();
    expect(screen.getByText('Your offer of $80.00: Pending')).toBeInTheDocument();
    expect(screen.getByText(/Waiting for the seller to respond/)).toBeInTheDocument();
  });

  it.each([
    ['a counter', makeOffer({ status: 'countered', counterPrice: '90.00' }), 'See Counter $90.00'],
    [
      "the seller's offer to watchers",
      makeOffer({ status: 'countered', counterPrice: '85.00', fromSeller: true }),
      'See Offer $85.00',
    ],
  ])('links to %s waiting for the buyer instead of Make an Offer', async (_, offer, label) => {
    serve(() => [offer]);
    renderRoutes(routes, '/product/1');
    expect(await screen.findByRole('link', { name: label })).toHaveAttribute('href', '/buyer/offers');
    expect(screen.queryByRole('button', { name: 'Make an Offer' })).not.toBeInTheDocument();
  });

  it.each(['rejected', 'withdrawn', 'expired'] as const)(
    'offers Make an Offer again once the last offer is %s',
    async (status) => {
      serve(() => [makeOffer({ status })]);
      renderRoutes(routes, '/product/1');
      expect(await screen.findByText(/Your offer of \$80\.00/)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Make an Offer' })).toBeEnabled();
      expect(screen.queryByRole('link', { name: /Your Offer/ })).not.toBeInTheDocument();
    },
  );

  it('puts the new offer in Make an Offer’s place, with the focus, once the dialog closes', async () => {
    let offers: Offer[] = [];
    serve(() => offers, {
      'POST /api/offers': () => {
        offers = [makeOffer({ offerPrice: '90.00' })];
        return json(offers[0], 201);
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/product/1');
    await user.click(await screen.findByRole('button', { name: 'Make an Offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make an Offer' });
    await user.click(within(dialog).getByRole('button', { name: 'Send Offer' }));
    expect(await within(dialog).findByText('Offer sent!')).toBeInTheDocument();
    const mine = await screen.findByRole('link', { name: 'Your Offer $90.00' });
    await waitFor(() => expect(mine).toHaveFocus(), { timeout: 4000 });
    expect(screen.queryByRole('button', { name: 'Make an Offer' })).not.toBeInTheDocument();
  });

  it('withdraws the pending offer from its note, which then says so and takes the focus', async () => {
    let offer = makeOffer();
    const server = serve(() => [offer], {
      'POST /api/offers/5/withdraw': () => {
        offer = makeOffer({ status: 'withdrawn' });
        return json(offer);
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/product/1');
    await user.click(await screen.findByRole('button', { name: 'Withdraw Offer' }));
    const title = await screen.findByText('Your offer of $80.00: Withdrawn');
    const note = title.closest('[role="note"]');
    await waitFor(() => expect(note).toHaveFocus());
    expect(note).toHaveTextContent('You withdrew this offer.');
    expect(await screen.findByRole('button', { name: 'Make an Offer' })).toBeEnabled();
    expect(server.requests.some((request) => request.url.endsWith('/api/offers/5/withdraw'))).toBe(true);
  });
});
