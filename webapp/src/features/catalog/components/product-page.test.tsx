import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json, type Handler } from '@/test-utils/fake-server';
import { makeProduct, makeSeller } from '@/test-utils/products';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import type { Product } from '@/entities/product/product';
import ProductPage from './product-page';

const routes = [
  { path: '/product/:id', element: <ProductPage /> },
  { path: '/products/:id', element: <ProductPage /> },
];
const buyer = makeUser({ id: 7, username: 'sofia' });

function serve(product: Product = makeProduct(), extra: Record<string, Handler> = {}) {
  return fakeServer({
    [`GET /api/products/${product.id}`]: () => json(product),
    [`GET /api/products/${product.id}/tagged-posts`]: () => json([]),
    [`GET /api/products/${product.id}/similar`]: () => json({ items: [] }),
    'GET /api/users/3': () => json({ ...makeUser({ id: 3, username: 'maya' }), isFollowing: false }),
    'GET /api/favorites/check/1': () => json({ isFavorited: false }),
    ...extra,
  });
}

beforeEach(() => {
  setSession('authenticated', buyer);
  document.cookie = 'csrftoken=t';
});

describe('ProductPage', () => {
  it('shows the product with labels, price, flat shipping and real watchers', async () => {
    serve(makeProduct({ price: '45', watchCount: 6 }));
    renderRoutes(routes, '/products/1');
    expect(await screen.findByRole('heading', { name: 'Vintage denim jacket 1' })).toBeInTheDocument();
    expect(screen.getByText('$45.00')).toBeInTheDocument();
    expect(screen.getByText('+ $5.00 Shipping')).toBeInTheDocument();
    expect(screen.getByText('6 watching')).toBeInTheDocument();
    expect(screen.getByText('Size M')).toBeInTheDocument();
    expect(screen.getAllByText('Like new').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Buy It Now' })).toHaveAttribute('href', '/checkout/1');
    expect(screen.getByRole('link', { name: 'Maya Chen' })).toHaveAttribute('href', '/profile/3');
    expect(await screen.findByText('No style posts yet')).toBeInTheDocument();
    expect(document.title).toBe('Vintage denim jacket 1 — $45.00 · Rethread');
  });

  it('shows a row of similar items from the server', async () => {
    const alike = makeProduct({ id: 9, title: 'Denim trucker jacket' });
    serve(makeProduct(), { 'GET /api/products/1/similar': () => json({ items: [alike] }) });
    renderRoutes(routes, '/products/1');
    const row = await screen.findByRole('region', { name: 'Similar items' });
    expect(await within(row).findByText('Denim trucker jacket')).toBeInTheDocument();
  });

  it('leaves the similar items row out when nothing is alike', async () => {
    serve();
    renderRoutes(routes, '/products/1');
    expect(await screen.findByText('No style posts yet')).toBeInTheDocument();
    // The row (its skeleton while it loads) leaves once the empty answer has rendered, which
    // happens in the background (useDeferredData), not necessarily before the style posts.
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Similar items' })).not.toBeInTheDocument(),
    );
  });

  it('switches photos with the thumbnail buttons', async () => {
    serve();
    const user = userEvent.setup();
    renderRoutes(routes, '/product/1');
    await user.click(await screen.findByRole('button', { name: 'Show photo 2 of 2' }));
    expect(screen.getByRole('img', { name: 'Vintage denim jacket 1, photo 2 of 2' })).toHaveAttribute(
      'src',
      '/media/listings/1/2.jpg',
    );
  });

  it('cannot be bought while reserved', async () => {
    serve(makeProduct({ status: 'reserved', badge: 'reserved' }));
    renderRoutes(routes, '/product/1');
    expect(await screen.findByRole('button', { name: 'Reserved' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Make an Offer' })).toBeDisabled();
  });

  it.each([
    ['reserved for them', 'reserved'],
    ['still shown as available (accepted while the page was open)', 'available'],
  ] as const)(
    'lets a buyer whose offer was accepted pay its price from the first button, %s',
    async (_, status) => {
      const accepted = {
        id: 9,
        productId: 1,
        buyerId: buyer.id,
        sellerId: 3,
        status: 'accepted',
        originalPrice: '45.00',
        offerPrice: '30.00',
        counterPrice: '36.00',
        agreedPrice: '36.00',
        message: null,
        declineReason: null,
        reservedUntil: new Date(Date.now() + 86_400_000).toISOString(), // held a day more
        orderId: null,
        createdAt: '2026-11-29T10:00:00Z',
        updatedAt: null,
        product: { id: 1, title: 'Tote', price: '45.00', status, images: [], thumbnails: [] },
        buyer: null,
        seller: null,
      };
      serve(makeProduct({ price: '45.00', status }), {
        'GET /api/products/1/offers': () => json({ items: [accepted], nextCursor: null }),
      });
      renderRoutes(routes, '/product/1');
      const pay = await screen.findByRole('link', { name: 'Pay Now $36.00' });
      expect(pay).toHaveAttribute('href', '/checkout/1?offerId=9');
      expect(screen.queryByRole('button', { name: 'Reserved' })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Buy It Now' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Make an Offer' })).not.toBeInTheDocument();
    },
  );

  it('tells its seller that a moderator hid it', async () => {
    setSession('authenticated', makeUser({ id: 3, username: 'maya' }));
    serve(makeProduct({ status: 'hidden', seller: makeSeller({ id: 3 }) }));
    renderRoutes(routes, '/product/1');
    expect(await screen.findByText('Hidden by a moderator')).toBeInTheDocument();
    expect(screen.getByText(/Your notifications say why/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restore listing' })).not.toBeInTheDocument();
  });

  it("tells its seller the moderator's reason", async () => {
    setSession('authenticated', makeUser({ id: 3, username: 'maya' }));
    serve(
      makeProduct({
        status: 'hidden',
        seller: makeSeller({ id: 3 }),
        hiddenReason: 'The logo is not genuine',
      }),
    );
    renderRoutes(routes, '/product/1');
    const notice = await screen.findByRole('note');
    expect(within(notice).getByText('Hidden by a moderator')).toBeInTheDocument();
    expect(within(notice).getByText('Reason: The logo is not genuine')).toBeInTheDocument();
    expect(within(notice).getByText('Contact us if you think this is a mistake.')).toBeInTheDocument();
    expect(within(notice).queryByText(/Your notifications say why/)).not.toBeInTheDocument();
  });

  it('shows an administrator the reason too', async () => {
    setSession('authenticated', makeUser({ id: 9, role: 'admin' }));
    serve(makeProduct({ status: 'hidden', hiddenReason: 'Counterfeit' }));
    renderRoutes(routes, '/product/1');
    expect(await screen.findByText('Reason: Counterfeit')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Restore listing' })).toBeInTheDocument();
  });

  it('shows an administrator a hidden listing as not for sale, with Restore', async () => {
    setSession('authenticated', makeUser({ id: 9, role: 'admin' }));
    const server = serve(makeProduct({ status: 'hidden' }), {
      'POST /api/admin/listings/1/restore': () => new Response(null, { status: 200 }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/product/1');
    expect(await screen.findByText('Hidden by a moderator')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Not for sale' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Restore listing' }));
    const done = await screen.findByText('Listing restored: it is back in the shop.');
    await waitFor(() => expect(done.closest('[tabindex="-1"]')).toHaveFocus());
    expect(server.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toContain(
      'POST /api/admin/listings/1/restore',
    );
  });

  it("offers an administrator no Restore for a listing its seller's suspension hid, and says why", async () => {
    setSession('authenticated', makeUser({ id: 9, role: 'admin' }));
    serve(makeProduct({ status: 'hidden', hiddenCause: 'suspension' }));
    renderRoutes(routes, '/product/1');
    const notice = await screen.findByRole('note');
    expect(within(notice).getByText('Hidden while its seller is suspended')).toBeInTheDocument();
    expect(within(notice).queryByText('Hidden by a moderator')).not.toBeInTheDocument();
    expect(
      within(notice).getByText(/It comes back when the suspension is lifted or ends/),
    ).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: "@maya's suspension" })).toHaveAttribute(
      'href',
      '/profile/3',
    );
    expect(screen.queryByRole('button', { name: 'Restore listing' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Not for sale' })).toBeDisabled();
  });

  it('offers an administrator no Restore for a listing whose seller closed their account, and says why', async () => {
    setSession('authenticated', makeUser({ id: 9, role: 'admin' }));
    serve(
      makeProduct({ status: 'hidden', hiddenCause: 'moderator', hiddenReason: 'Fake', sellerClosed: true }),
    );
    renderRoutes(routes, '/product/1');
    const notice = await screen.findByRole('note');
    expect(within(notice).getByText('Its seller closed their account')).toBeInTheDocument();
    expect(
      within(notice).getByText('Its seller closed their account, so it cannot come back to the shop.'),
    ).toBeInTheDocument();
    expect(within(notice).getByText('Reason: Fake')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restore listing' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Not for sale' })).toBeDisabled();
  });

  it('tells its seller a listing hidden by their suspension comes back when it ends', async () => {
    setSession('authenticated', makeUser({ id: 3, username: 'maya' }));
    serve(makeProduct({ status: 'hidden', hiddenCause: 'suspension', seller: makeSeller({ id: 3 }) }));
    renderRoutes(routes, '/product/1');
    const notice = await screen.findByRole('note');
    expect(within(notice).getByText('Hidden while its seller is suspended')).toBeInTheDocument();
    expect(within(notice).getByText('It comes back when your suspension ends.')).toBeInTheDocument();
    expect(within(notice).queryByText(/Your notifications say why/)).not.toBeInTheDocument();
    expect(within(notice).queryByRole('link')).not.toBeInTheDocument();
  });

  it('asks visitors to log in to message or make an offer', async () => {
    setSession('anonymous');
    serve();
    const user = userEvent.setup();
    renderRoutes(routes, '/product/1');
    await user.click(await screen.findByRole('button', { name: 'Message Seller' }));
    expect(await screen.findByText('You need to be logged in to message sellers')).toBeInTheDocument();
    act(() => notifications.clean());
    await user.click(screen.getByRole('button', { name: 'Make an Offer' }));
    expect(await screen.findByText('You need to be logged in to make an offer')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('prefills the offer at 90%, keeps digits and a dot, and reports a failed send', async () => {
    const server = serve(makeProduct({ price: '45.00' }));
    const user = userEvent.setup();
    renderRoutes(routes, '/product/1');
    await user.click(await screen.findByRole('button', { name: 'Make an Offer' }));
    const amount = within(screen.getByRole('dialog')).getByLabelText('Your offer');
    expect(amount).toHaveValue('40.50');
    await user.clear(amount);
    await user.type(amount, '3a8.5.0');
    expect(amount).toHaveValue('38.50');
    await user.click(screen.getByRole('button', { name: 'Send Offer' }));
    expect(await screen.findByText('Failed to send offer. Please try again.')).toBeInTheDocument();
    const sent = server.requests.find((request) => new URL(request.url).pathname === '/api/offers');
    expect(await sent?.json()).toEqual({ productId: 1, offerPrice: '38.50' });
  });

  it("refuses an offer below half the price with the server's message, before sending", async () => {
    const server = serve(makeProduct({ price: '80.00' }));
    const user = userEvent.setup();
    renderRoutes(routes, '/product/1');
    await user.click(await screen.findByRole('button', { name: 'Make an Offer' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText(/Offers start at \$40\.00/)).toBeInTheDocument();
    const amount = dialog.getByLabelText('Your offer');
    await user.clear(amount);
    await user.type(amount, '1.50');
    await user.click(dialog.getByRole('button', { name: 'Send Offer' }));
    expect(await dialog.findByText('Offers must be at least $40.00')).toBeInTheDocument();
    expect(server.requests.some((request) => new URL(request.url).pathname === '/api/offers')).toBe(false);
  });

  it('watches with a toast', async () => {
    let watching = false;
    serve(makeProduct(), {
      'GET /api/favorites/check/1': () => json({ isFavorited: watching }),
      'POST /api/favorites': () => {
        watching = true;
        return json({ id: 5, productId: 1, createdAt: '2025-01-01' }, 201);
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/product/1');
    await user.click(await screen.findByRole('button', { name: 'Watch' }));
    expect(await screen.findByText('Added to watch list')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Watching' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('follows the seller as the signed-in user, with a toast', async () => {
    let following = false;
    const server = serve(makeProduct(), {
      'GET /api/users/3': () => json({ ...makeUser({ id: 3, username: 'maya' }), isFollowing: following }),
      'POST /api/follows': () => {
        following = true;
        return json({ followerId: 7, followingId: 3 }, 201);
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/product/1');
    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByText('Following maya')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Following' })).toBeInTheDocument();
    const follow = server.requests.find((request) => new URL(request.url).pathname === '/api/follows');
    expect(await follow?.json()).toEqual({ followerId: 7, followingId: 3 });
  });

  it('says the reader blocked its seller instead of offering to buy, offer, bag, message or follow; Unblock brings them back', async () => {
    let blocked = true;
    serve(makeProduct(), {
      'GET /api/products/1': () => json(makeProduct({ blockedByYou: blocked })),
      'GET /api/bag': () => json({ count: 0, groups: [] }),
      'DELETE /api/blocks/3': () => {
        blocked = false;
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/product/1');
    const notice = await screen.findByTestId('blocked-seller');
    expect(within(notice).getByText('You blocked this seller')).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/settings#blocked-members',
    );
    for (const name of ['Buy It Now', 'Make an Offer', 'Add to bag', 'Message Seller', 'Follow']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name })).not.toBeInTheDocument();
    }
    await user.click(within(notice).getByRole('button', { name: 'Unblock Maya Chen' }));
    expect(await screen.findByRole('link', { name: 'Buy It Now' })).toHaveAttribute('href', '/checkout/1');
    expect(screen.getByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(screen.queryByTestId('blocked-seller')).not.toBeInTheDocument();
  });

  it('keeps the actions for a reader the seller blocked (who is never told)', async () => {
    serve(makeProduct({ blockedByYou: false }));
    renderRoutes(routes, '/product/1');
    expect(await screen.findByRole('link', { name: 'Buy It Now' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Make an Offer' })).toBeEnabled();
    expect(screen.queryByTestId('blocked-seller')).not.toBeInTheDocument();
  });

  it('copies the link to share it', async () => {
    serve();
    const user = userEvent.setup(); // installs a clipboard stub
    renderRoutes(routes, '/product/1');
    await user.click(await screen.findByRole('button', { name: 'Share Listing' }));
    expect(await screen.findByText('Link copied!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(window.location.href);
  });

  it('explains how to copy by hand when the clipboard refuses', async () => {
    serve();
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    renderRoutes(routes, '/product/1');
    await user.click(await screen.findByRole('button', { name: 'Share Listing' }));
    expect(await screen.findByText('Failed to copy')).toBeInTheDocument();
    expect(screen.getByText('Please try selecting and copying the URL manually.')).toBeInTheDocument();
  });

  it('gives the owner View Offers, Edit and Delete instead of buying', async () => {
    setSession('authenticated', makeUser({ id: 3, username: 'maya' }));
    serve(makeProduct({ seller: makeSeller({ id: 3 }) }));
    renderRoutes(routes, '/product/1');
    expect(await screen.findByRole('link', { name: 'View Offers' })).toHaveAttribute(
      'href',
      '/seller/offers?productId=1',
    );
    expect(screen.getByRole('link', { name: 'Edit listing' })).toHaveAttribute('href', '/product/1/edit');
    expect(screen.queryByRole('button', { name: 'Make an Offer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument();
  });

  it("shows a sold listing's owner a Sold badge and the server's reason instead of Edit and Delete", async () => {
    setSession('authenticated', makeUser({ id: 3, username: 'maya' }));
    const reason =
      'This item has sold, so it can no longer be edited or deleted: its order keeps it as the buyer bought it.';
    serve(
      makeProduct({
        status: 'sold',
        badge: null,
        seller: makeSeller({ id: 3 }),
        ownerActions: { canEdit: false, canDelete: false, reason },
      }),
    );
    renderRoutes(routes, '/product/1');
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.getByText('Sold')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit listing' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete listing' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Offers' })).toBeInTheDocument();
  });

  it('offers Edit but not Delete on a listing back in the shop after a cancelled order, and says why', async () => {
    setSession('authenticated', makeUser({ id: 3, username: 'maya' }));
    const reason = "This listing is part of an order, so it cannot be deleted: the order's history keeps it.";
    serve(
      makeProduct({
        seller: makeSeller({ id: 3 }),
        ownerActions: { canEdit: true, canDelete: false, reason },
      }),
    );
    renderRoutes(routes, '/product/1');
    expect(await screen.findByRole('link', { name: 'Edit listing' })).toHaveAttribute(
      'href',
      '/product/1/edit',
    );
    expect(screen.queryByRole('button', { name: 'Delete listing' })).not.toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
  });

  it('counts a view of the listing it shows', async () => {
    const server = serve();
    renderRoutes(routes, '/product/1');
    await screen.findByRole('heading', { name: 'Vintage denim jacket 1' });
    await waitFor(() =>
      expect(server.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toContain(
        'POST /api/products/1/views',
      ),
    );
  });

  it('shows a not-found view and a load-failure view, counting no view of either', async () => {
    const server = fakeServer({
      'GET /api/products/404': () => json({ message: 'Not found' }, 404),
      'GET /api/products/500': () => json({}, 500),
    });
    renderRoutes(routes, '/product/404');
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
    renderRoutes(routes, '/product/500');
    expect(
      await screen.findByRole('heading', { name: 'Failed to load product details' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Return to Home' }).length).toBe(1));
    expect(server.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });
});
