import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { makePage, makeProduct } from '@/test-utils/products';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import ProfilePage from './profile-page';

const routes = [{ path: '/profile/:id', element: <ProfilePage /> }];
const maya = {
  ...makeUser({
    id: 3,
    username: 'maya',
    displayName: 'Maya Chen',
    bio: null,
    height: '5\'6"',
    createdAt: '2024-08-02T10:00:00Z',
  }),
  followerCount: 4,
  followingCount: 2,
  listingCount: 1,
  isFollowing: false,
};

function serve(overrides: Record<string, () => Response> = {}) {
  return fakeServer({
    'GET /api/users/3': () => json(maya),
    'GET /api/products': () => json(makePage([makeProduct({ title: 'Denim jacket' })])),
    'GET /api/users/3/followers': () => json([]),
    'GET /api/users/3/posts': () => json({ items: [], nextCursor: null }),
    ...overrides,
  });
}

beforeEach(() => {
  setSession('authenticated', makeUser({ id: 7, username: 'sofia' }));
  document.cookie = 'csrftoken=t';
});

describe('ProfilePage', () => {
  it('shows who they are, their counts and their listings', async () => {
    const server = serve();
    renderRoutes(routes, '/profile/3');
    expect(await screen.findByRole('heading', { name: 'Maya Chen' })).toBeInTheDocument();
    expect(screen.getByText('@maya')).toBeInTheDocument();
    expect(screen.getByText('No bio provided')).toBeInTheDocument();
    expect(screen.getByText('Member since August 2024')).toBeInTheDocument();
    expect(screen.getByText('Height 5\'6"')).toBeInTheDocument();
    expect(screen.getByText('4')).toBeInTheDocument(); // followers
    expect(screen.getByText('2')).toBeInTheDocument(); // following
    expect(await screen.findByText('Denim jacket')).toBeInTheDocument();
    const search = server.requests.map((r) => new URL(r.url)).find((url) => url.pathname === '/api/products');
    expect(search?.searchParams.get('sellerId')).toBe('3');
    expect(screen.getByRole('button', { name: 'Message' })).toBeInTheDocument();
  });

  it('follows with a toast and counts the new follower', async () => {
    serve({ 'POST /api/follows': () => json({ followerId: 7, followingId: 3 }, 201) });
    const user = userEvent.setup();
    renderRoutes(routes, '/profile/3');
    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByText('Following maya')).toBeInTheDocument();
  });

  it('shows the empty tabs', async () => {
    serve();
    const user = userEvent.setup();
    renderRoutes(routes, '/profile/3');
    await user.click(await screen.findByRole('tab', { name: 'Style Posts' }));
    expect(await screen.findByText('No style posts found')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Followers' }));
    expect(await screen.findByText('No followers yet')).toBeInTheDocument();
  });

  it('hides Follow and Message on your own profile', async () => {
    setSession('authenticated', makeUser({ id: 3, username: 'maya' }));
    serve();
    renderRoutes(routes, '/profile/3');
    expect(await screen.findByRole('heading', { name: 'Maya Chen' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Message' })).not.toBeInTheDocument();
  });

  it("shows the server's sentence when a follow is refused", async () => {
    serve({ 'POST /api/follows': () => json({ message: "You can't interact with this member" }, 403) });
    const user = userEvent.setup();
    renderRoutes(routes, '/profile/3');
    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByText("You can't interact with this member")).toBeInTheDocument();
    expect(screen.queryByText('Failed to update follow status. Please try again.')).not.toBeInTheDocument();
  });

  it('asks before blocking, then shows the block with Unblock instead of Follow and Message', async () => {
    let blocked = false;
    const server = serve({
      'GET /api/users/3': () => json({ ...maya, blockedByYou: blocked }),
      'POST /api/blocks': () => {
        blocked = true;
        return json({ user: maya, createdAt: '2026-11-01T10:00:00Z' }, 201);
      },
      'DELETE /api/blocks/3': () => {
        blocked = false;
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/profile/3');
    await user.click(await screen.findByRole('button', { name: 'More actions for Maya Chen' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Maya Chen?' });
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
    const searches = () =>
      server.requests.filter((r) => r.method === 'GET' && new URL(r.url).pathname === '/api/products').length;
    expect(await screen.findByText('Denim jacket')).toBeInTheDocument();
    const searchedBefore = searches();
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('You blocked this member')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Message' })).not.toBeInTheDocument();
    // At once, without a reload: the listings leave, the counts say they are hidden, the
    // tab neither says "nothing for sale" nor invites to Follow, and the cached listings
    // are asked again.
    expect(screen.queryByText('Denim jacket')).not.toBeInTheDocument();
    expect(screen.getByText('Listings hidden while blocked')).toBeInTheDocument();
    expect(screen.queryByText(/Follow to hear/)).not.toBeInTheDocument();
    expect(screen.getAllByText(': hidden while blocked')).toHaveLength(2); // listings, posts
    await waitFor(() => expect(searches()).toBeGreaterThan(searchedBefore));
    await user.click(screen.getByRole('tab', { name: 'Style Posts' }));
    expect(await screen.findByText('Style posts hidden while blocked')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Listings' }));
    await user.click(screen.getByRole('button', { name: 'More actions for Maya Chen' }));
    expect(await screen.findByRole('menuitem', { name: 'Unblock' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Block' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Unblock Maya Chen' }));
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(screen.queryByText('You blocked this member')).not.toBeInTheDocument();
  });

  it("shows administrators a member's suspension with Unsuspend", async () => {
    setSession('authenticated', makeUser({ id: 1, role: 'admin' }));
    let suspension: object | null = { userId: 3, reason: 'Spam', endsAt: null };
    const server = serve({
      'GET /api/users/3': () => json({ ...maya, suspension }),
      'POST /api/admin/users/3/unsuspend': () => {
        suspension = null;
        return new Response(null, { status: 200 });
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/profile/3');
    expect(await screen.findByText('Until lifted. Reason: Spam')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unsuspend @maya' }));
    await waitFor(() => expect(screen.queryByText('Until lifted. Reason: Spam')).not.toBeInTheDocument());
    expect(server.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toContain(
      'POST /api/admin/users/3/unsuspend',
    );
  });

  it('says when the profile cannot be loaded', async () => {
    serve({ 'GET /api/users/3': () => json({ message: 'Something broke' }, 500) });
    renderRoutes(routes, '/profile/3');
    expect(await screen.findByRole('heading', { name: 'Failed to load user profile' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });

  it('says a profile that does not exist is not found', async () => {
    serve({ 'GET /api/users/3': () => json({ message: 'User not found' }, 404) });
    renderRoutes(routes, '/profile/3');
    expect(await screen.findByRole('heading', { name: 'Profile not found' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to load user profile')).not.toBeInTheDocument();
  });

  it('finds a member by username and shows their profile at /profile/{id}', async () => {
    const server = serve({ 'GET /api/users/by-username/Maya': () => json(maya) });
    const { router } = renderRoutes(routes, '/profile/Maya');
    expect(await screen.findByRole('heading', { name: 'Maya Chen' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/3'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByText('Denim jacket')).toBeInTheDocument();
    const asked = server.requests.map((r) => new URL(r.url).pathname);
    expect(asked).not.toContain('/api/users/NaN');
  });

  it('says an unknown username is not found', async () => {
    serve({ 'GET /api/users/by-username/tessseller': () => json({ message: 'User not found' }, 404) });
    const { router } = renderRoutes(routes, '/profile/tessseller');
    expect(await screen.findByRole('heading', { name: 'Profile not found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile/tessseller');
  });
});
