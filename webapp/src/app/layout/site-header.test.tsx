import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/entities/session/session-store';
import { fakeServer, json } from '@/test-utils/fake-server';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import { MobileBottomBar } from './mobile-bottom-bar';
import { SiteHeader } from './site-header';

const routes = [
  {
    path: '*',
    element: (
      <>
        <SiteHeader />
        <MobileBottomBar />
      </>
    ),
  },
];

beforeEach(() => {
  document.cookie = 'csrftoken=t';
});

describe('SiteHeader', () => {
  it('offers Login / Sign Up to visitors and no member tabs', () => {
    setSession('anonymous');
    renderRoutes(routes, '/blog');
    expect(screen.getByRole('link', { name: 'Login / Sign Up' })).toHaveAttribute(
      'href',
      '/auth?next=%2Fblog',
    );
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Blog' })).toHaveAttribute('aria-current', 'page');
    expect(within(main).queryByRole('link', { name: /My Orders/ })).not.toBeInTheDocument();
  });

  it('shows unread and offer counts from the polled endpoints', async () => {
    setSession('authenticated', makeUser());
    fakeServer({
      'GET /api/users/7/unread-messages': () => json({ count: 3 }),
      'GET /api/offers/notifications': () => json({ acceptedBuyerOffers: 2, newSellerOffers: 0 }),
    });
    renderRoutes(routes, '/');
    expect(await screen.findByRole('link', { name: 'Messages, 3 unread' })).toBeInTheDocument();
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(main).findByRole('link', { name: 'My Offers (2 new)' })).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Seller Hub' })).toBeInTheDocument();
  });

  it('treats missing notification endpoints as zero', async () => {
    setSession('authenticated', makeUser());
    const server = fakeServer({});
    renderRoutes(routes, '/');
    // Unread messages, offer badges, the notification bell and the bag.
    await waitFor(() => expect(server.fetch).toHaveBeenCalledTimes(4));
    expect(
      within(screen.getByRole('banner')).getByRole('link', { name: 'Bag, 0 items' }),
    ).toBeInTheDocument();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Messages' })).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'My Offers' })).toBeInTheDocument();
  });

  it('links Profile to the current user and shows Admin only to admins', async () => {
    setSession('authenticated', makeUser({ id: 42, role: 'admin' }));
    fakeServer({});
    const user = userEvent.setup();
    renderRoutes(routes, '/profile/3');
    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    const profile = within(mobile).getByRole('link', { name: 'Profile' });
    expect(profile).toHaveAttribute('href', '/profile/42');
    expect(profile).toHaveAttribute('aria-current', 'page');

    // The account menu is a lazy chunk: the first test to show it waits for it.
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile/42');
    expect(screen.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin');
  });

  it('logs out: toast, then home after 500 ms', async () => {
    setSession('authenticated', makeUser());
    fakeServer({ 'POST /api/logout': () => json({ message: 'Logged out' }) });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/orders');
    // The account menu is a lazy chunk: the first test to show it waits for it.
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(screen.queryByRole('menuitem', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(useSessionStore.getState().user).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useSessionStore.getState().signingOut).toBe(false);
  });
});
