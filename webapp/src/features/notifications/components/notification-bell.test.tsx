import { useQueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import type { Notice } from '../api';
import { arrivalAnnouncement, NotificationBell } from './notification-bell';

function notice(id: number, overrides: Partial<Notice> = {}): Notice {
  return {
    id,
    kind: 'price_drop',
    title: `Price drop ${id}`,
    body: 'Now $30.00 (was $45.00)',
    link: `/product/${id}`,
    read: false,
    createdAt: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}

beforeEach(() => {
  document.cookie = 'csrftoken=t';
});

describe('NotificationBell', () => {
  it('shows the unread count, the list, older pages and marks all read', async () => {
    setSession('authenticated', makeUser());
    const server = fakeServer({
      'GET /api/notifications': (request) =>
        new URL(request.url).searchParams.get('cursor') === 'older'
          ? json({
              items: [notice(1, { read: true, title: 'New message from Sofia Rossi' })],
              nextCursor: null,
              unreadCount: 2,
            })
          : json({ items: [notice(3), notice(2)], nextCursor: 'older', unreadCount: 2 }),
      'POST /api/notifications/read': () => json({ updated: 2 }),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '*', element: <NotificationBell /> }], '/');
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    expect(await screen.findByText('Price drop 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show older notifications' }));
    expect(await screen.findByText('New message from Sofia Rossi')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => {
      expect(
        server.requests.some((r) => r.method === 'POST' && r.url.endsWith('/api/notifications/read')),
      ).toBe(true);
    });
    const read = server.requests.find((r) => r.method === 'POST');
    expect(await read?.json()).toEqual({});
  }, 15_000);

  it("marks a moderator's notices on a post or a comment and opens the post's page", async () => {
    setSession('authenticated', makeUser());
    fakeServer({
      'GET /api/notifications': () =>
        json({
          items: [
            notice(2, {
              kind: 'comment_restored',
              title: 'Your comment “Love it” is back',
              link: '/post/7',
            }),
            notice(1, {
              kind: 'post_hidden',
              title: 'A moderator hid your style post “Rainy day”',
              body: 'Reason: Spam. It is out of the feed: only you and our moderators can see it now.',
              link: '/post/7',
            }),
          ],
          nextCursor: null,
          unreadCount: 2,
        }),
      'POST /api/notifications/read': () => json({ updated: 1 }),
    });
    const user = userEvent.setup();
    const { router } = renderRoutes([{ path: '*', element: <NotificationBell /> }], '/');
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const hidden = await screen.findByText('A moderator hid your style post “Rainy day”');
    const row = (text: HTMLElement) => text.closest('button') as HTMLElement;
    // Their own icons, not the bell every unknown kind falls back to.
    expect(row(hidden).querySelector('.tabler-icon-eye-off')).not.toBeNull();
    const back = screen.getByText('Your comment “Love it” is back');
    expect(row(back).querySelector('.tabler-icon-arrow-back-up')).not.toBeNull();
    await user.click(row(hidden));
    await waitFor(() => expect(router.state.location.pathname).toBe('/post/7'));
  }, 15_000);

  it('takes the keyboard into the open panel and back to the bell on Escape', async () => {
    setSession('authenticated', makeUser());
    fakeServer({
      'GET /api/notifications': () => json({ items: [notice(2)], nextCursor: null, unreadCount: 1 }),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '*', element: <NotificationBell /> }], '/');
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    bell.focus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog');
    await screen.findByText('Price drop 2');
    // The dropdown is drawn at the end of the page: without this, Tab went on through the page.
    await waitFor(() => expect(panel.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(bell).toHaveFocus());
  }, 15_000);

  it('says when a notice arrives while the page is open', async () => {
    setSession('authenticated', makeUser());
    let items = [notice(1, { read: true })];
    fakeServer({
      'GET /api/notifications': () =>
        json({ items, nextCursor: null, unreadCount: items.filter((n) => !n.read).length }),
    });
    // What the socket's 'notification' event does (app/realtime-bridge.tsx).
    function SocketEvent() {
      const client = useQueryClient();
      return (
        <button type="button" onClick={() => void client.invalidateQueries({ queryKey: ['notifications'] })}>
          event
        </button>
      );
    }
    const user = userEvent.setup();
    renderRoutes(
      [
        {
          path: '*',
          element: (
            <>
              <NotificationBell />
              <SocketEvent />
            </>
          ),
        },
      ],
      '/',
    );
    await screen.findByRole('button', { name: 'Notifications' });
    expect(screen.getByRole('status')).toHaveTextContent('');
    items = [notice(2, { title: 'Lucas countered your offer' }), ...items];
    await user.click(screen.getByRole('button', { name: 'event' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('New notification: Lucas countered your offer'),
    );
  }, 15_000);
});

describe('arrivalAnnouncement', () => {
  const page = (unreadCount: number) => ({
    items: [notice(3, { title: 'Newest' }), notice(2)],
    nextCursor: null,
    unreadCount,
  });
  it('is silent on the first load and when notices are read', () => {
    expect(arrivalAnnouncement(undefined, page(2))).toBe('');
    expect(arrivalAnnouncement(2, page(1))).toBe('');
    expect(arrivalAnnouncement(2, page(2))).toBe('');
  });
  it('names one arrival and counts several', () => {
    expect(arrivalAnnouncement(1, page(2))).toBe('New notification: Newest');
    expect(arrivalAnnouncement(0, page(3))).toBe('3 new notifications');
  });
});
