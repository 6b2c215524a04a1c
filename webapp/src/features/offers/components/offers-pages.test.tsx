import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Offer } from '@/entities/offer/offer';
import { fakeServer, json } from '@/test-utils/fake-server';
import { makeOffer as baseOffer } from '@/test-utils/offers';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import BuyerOffersPage from './buyer-offers-page';
import SellerOffersPage from './seller-offers-page';

const routes = [
  { path: '/seller/offers', element: <SellerOffersPage /> },
  { path: '/buyer/offers', element: <BuyerOffersPage /> },
];

function makeOffer(overrides: Partial<Offer> = {}): Offer {
  return baseOffer({ message: 'Would you take 80?', ...overrides });
}

const page = (items: Offer[]) => json({ items, nextCursor: null });

beforeEach(() => {
  document.cookie = 'csrftoken=t';
});

describe('SellerOffersPage', () => {
  beforeEach(() => setSession('authenticated', makeUser({ id: 3, username: 'maya' })));

  it('marks offers read, lists them and accepts with a toast', async () => {
    let offer = makeOffer();
    const server = fakeServer({
      'GET /api/seller/offers': () => page([offer]),
      'POST /api/offers/mark-seller-read': () => json({ updated: 1 }),
      'PUT /api/offers/5/respond': () => {
        offer = makeOffer({ status: 'accepted', agreedPrice: '80.00' });
        return json(offer);
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/seller/offers?productId=1');
    const card = await screen.findByRole('article', { name: 'Offer on Wool coat' });
    expect(within(card).getByText('“Would you take 80?”')).toBeInTheDocument();
    expect(server.requests.some((r) => r.url.endsWith('/api/offers/mark-seller-read'))).toBe(true);
    expect(server.requests.some((r) => r.url.includes('productId=1'))).toBe(true);
    await user.click(within(card).getByRole('button', { name: /^Accept, / }));
    expect(await screen.findByText('Offer accepted')).toBeInTheDocument();
    expect(screen.getAllByText('The buyer will be notified.').length).toBeGreaterThan(0);
    await waitFor(() =>
      expect(within(card).queryByRole('button', { name: /^Accept, / })).not.toBeInTheDocument(),
    );
  });

  it('keeps the focus on the card when Accept, which had it, goes away', async () => {
    let offer = makeOffer();
    fakeServer({
      'GET /api/seller/offers': () => page([offer]),
      'POST /api/offers/mark-seller-read': () => json({ updated: 1 }),
      'PUT /api/offers/5/respond': () => {
        offer = makeOffer({ status: 'accepted', agreedPrice: '80.00' });
        return json(offer);
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/seller/offers');
    const card = await screen.findByRole('article', { name: 'Offer on Wool coat' });
    within(card)
      .getByRole('button', { name: /^Accept, / })
      .focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(within(card).queryByRole('button', { name: /^Accept, / })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(card).toHaveFocus());
  });

  it('counters through the menu; Send stays disabled while the price is empty', async () => {
    const server = fakeServer({
      'GET /api/seller/offers': () => page([makeOffer()]),
      'POST /api/offers/mark-seller-read': () => json({ updated: 0 }),
      'PUT /api/offers/5/respond': () => json(makeOffer({ status: 'countered', counterPrice: '90.00' })),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/seller/offers');
    await user.click(await screen.findByRole('button', { name: /^More actions, / }));
    await user.click(await screen.findByRole('menuitem', { name: 'Counter Offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Counter Offer' });
    const send = within(dialog).getByRole('button', { name: 'Send Counter Offer' });
    expect(send).toBeDisabled();
    const price = within(dialog).getByLabelText('Counter price');
    expect(price).toHaveAccessibleDescription('More than $80.00, at most $100.00');
    // The server's range, checked before sending: nothing goes out for these.
    for (const [typed, refused] of [
      ['80', 'Counter price must be more than the offer'],
      ['100.01', 'Counter price cannot be more than the listing price'],
    ]) {
      await user.clear(price);
      await user.type(price, typed);
      await user.click(send);
      expect(await within(dialog).findByText(refused)).toBeInTheDocument();
    }
    expect(server.requests.some((r) => r.method === 'PUT')).toBe(false);
    await user.clear(price);
    await user.type(price, '90');
    await user.click(send);
    expect(await screen.findByText('Counter offer sent')).toBeInTheDocument();
    const sent = server.requests.find((r) => r.method === 'PUT');
    expect(await sent?.json()).toEqual({ status: 'countered', counterPrice: '90.00' });
  });

  it("names each card's buttons after its offer, so a list of the page's controls tells them apart", async () => {
    const jamal = { id: 8, username: 'jamal', displayName: 'Jamal Reed', avatarUrl: null };
    fakeServer({
      'GET /api/seller/offers': () =>
        page([makeOffer(), makeOffer({ id: 6, buyerId: 8, buyer: jamal, offerPrice: '70.00' })]),
      'POST /api/offers/mark-seller-read': () => json({ updated: 0 }),
    });
    renderRoutes(routes, '/seller/offers');
    const sofia = await screen.findByRole('button', {
      name: 'Accept, $80.00 offer on Wool coat from Sofia Rossi',
    });
    expect(sofia).toHaveTextContent(/^Accept$/);
    expect(
      screen.getByRole('button', { name: 'Accept, $70.00 offer on Wool coat from Jamal Reed' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'More actions, $70.00 offer on Wool coat from Jamal Reed' }),
    ).toBeInTheDocument();
    const message = screen.getByRole('link', {
      name: 'Message buyer, $80.00 offer on Wool coat from Sofia Rossi',
    });
    expect(message).toHaveTextContent(/^Message buyer$/);
    // No two buttons share a name, and links that do go to the same place (the item's title).
    const named = (role: 'button' | 'link') =>
      screen
        .getAllByRole(role)
        .filter((control) => control.closest('article'))
        .map((control) => [
          control.getAttribute('aria-label') ?? control.textContent,
          control.getAttribute('href'),
        ]);
    const buttons = named('button').map(([name]) => name);
    expect(buttons).toHaveLength(4);
    expect(new Set(buttons).size).toBe(4);
    const links = named('link');
    expect(new Set(links.map(([name]) => name)).size).toBe(new Set(links.map(([, href]) => href)).size);
  });

  it('shows Failed to load offers with Try Again', async () => {
    let fail = true;
    fakeServer({
      'GET /api/seller/offers': () => (fail ? json({ message: 'down' }, 500) : page([])),
      'POST /api/offers/mark-seller-read': () => json({ updated: 0 }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/seller/offers');
    expect(await screen.findByText('Failed to load offers')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No offers yet')).toBeInTheDocument();
  });
});

describe('BuyerOffersPage', () => {
  beforeEach(() => setSession('authenticated', makeUser({ id: 7, username: 'sofia' })));

  it('accepts a counter after confirming, then offers Pay Now', async () => {
    let offer = makeOffer({ status: 'countered', counterPrice: '90.00' });
    const server = fakeServer({
      'GET /api/buyer/offers': () => page([offer]),
      'POST /api/offers/mark-buyer-notified': () => json({ updated: 1 }),
      'POST /api/offers/5/accept-counter': () => {
        offer = makeOffer({ status: 'accepted', counterPrice: '90.00', agreedPrice: '90.00' });
        return json(offer);
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/buyer/offers');
    expect(await screen.findByText('The seller countered with $90.00.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^View Item, / })).toHaveAttribute('href', '/product/1');
    expect(screen.getByRole('button', { name: 'Decline, $80.00 offer on Wool coat' })).toHaveTextContent(
      /^Decline$/,
    );
    await user.click(screen.getByRole('button', { name: 'Accept Counter, $80.00 offer on Wool coat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept counter offer?' });
    await user.click(within(dialog).getByRole('button', { name: 'Accept Counter' }));
    expect(await screen.findByText('Counter offer accepted successfully')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /^Pay Now, / })).toHaveAttribute(
      'href',
      '/checkout/1?offerId=5',
    );
    expect(server.requests.some((r) => r.url.endsWith('/api/offers/mark-buyer-notified'))).toBe(true);
  });

  it('tells the deadline of a reservation, then says Ordered — View order once the order exists', async () => {
    let offer = makeOffer({
      status: 'accepted',
      agreedPrice: '80.00',
      reservedUntil: '2026-11-21T10:00:00Z',
    });
    fakeServer({
      'GET /api/buyer/offers': () => page([offer]),
      'POST /api/offers/mark-buyer-notified': () => json({ updated: 0 }),
    });
    const first = renderRoutes(routes, '/buyer/offers');
    expect(await screen.findByText(/Reserved for you until Nov 2\d, .*: pay by then/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Pay Now, / })).toHaveAttribute('href', '/checkout/1?offerId=5');
    first.unmount();
    offer = makeOffer({ status: 'accepted', agreedPrice: '80.00', orderId: 12 });
    renderRoutes(routes, '/buyer/offers');
    expect(await screen.findByRole('link', { name: /^Ordered — View order, / })).toHaveAttribute(
      'href',
      '/orders/12/confirmed',
    );
    expect(screen.queryByRole('link', { name: /^Pay Now, / })).not.toBeInTheDocument();
  });

  it('keeps the focus on the card when Withdraw, which had it, goes away', async () => {
    let offer = makeOffer();
    fakeServer({
      'GET /api/buyer/offers': () => page([offer]),
      'POST /api/offers/mark-buyer-notified': () => json({ updated: 0 }),
      'POST /api/offers/5/withdraw': () => {
        offer = makeOffer({ status: 'withdrawn' });
        return json(offer);
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/buyer/offers');
    const card = await screen.findByRole('article', { name: 'Offer on Wool coat' });
    within(card)
      .getByRole('button', { name: /^Withdraw, / })
      .focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(within(card).queryByRole('button', { name: /^Withdraw, / })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(card).toHaveFocus());
  });

  it('filters by tab', async () => {
    const server = fakeServer({
      'GET /api/buyer/offers': () => page([]),
      'POST /api/offers/mark-buyer-notified': () => json({ updated: 0 }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/buyer/offers');
    await user.click(await screen.findByRole('tab', { name: 'Countered' }));
    expect(await screen.findByText('No countered offers')).toBeInTheDocument();
    expect(server.requests.some((r) => r.url.includes('status=countered'))).toBe(true);
  });
});
