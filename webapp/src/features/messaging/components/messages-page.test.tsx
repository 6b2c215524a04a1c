/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { makeProduct } from '@/test-utils/products';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import type { Conversation, Message } from '../api';
import MessagesPage from './messages-page';

const routes = [
  { path: '/messages', element: <MessagesPage /> },
  { path: '/messages/:userId', element: <MessagesPage /> },
];

function message(overrides: Partial<Message> = {}): Message {
  return {
    id: 1,
    senderId: 3,
    receiverId: 7,
    content: 'Is the jacket still available?',
    messageType: 'text',
    offerId: null,
    productId: null,
    read: false,
    createdAt: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}

const sofia: Conversation = {
  id: 3,
  username: 'sofia',
  displayName: 'Sofia Rossi',
  avatarUrl: null,
  verified: false,
  unreadCount: 2,
  lastMessage: message(),
};

const partner = { ...makeUser({ id: 3, username: 'sofia', displayName: 'Sofia Rossi' }), email: undefined };

beforeEach(() => {
  document.cookie = 'csrftoken=t';
});

describe('MessagesPage', () => {
  it('asks visitors to log in', () => {
    setSession('anonymous');
    renderRoutes(routes, '/messages');
    expect(screen.getByText('You need to be logged in to view messages')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/auth?next=%2Fmessages');
  });

  it('lists conversations with unread badges and explains the empty pane', async () => {
    setSession('authenticated', makeUser());
    fakeServer({ 'GET /api/users/7/conversations': () => json([sofia]) });
    renderRoutes(routes, '/messages');
    const link = await screen.findByRole('link', { name: 'Sofia Rossi, 2 unread' });
    expect(link).toHaveAttribute('href', '/messages/3');
    expect(within(link).getByText('@sofia')).toBeInTheDocument();
    expect(screen.getByText('Your Messages')).toBeInTheDocument();
  });

  it('says when there are no conversations yet', async () => {
    setSession('authenticated', makeUser());
    fakeServer({ 'GET /api/users/7/conversations': () => json([]) });
    renderRoutes(routes, '/messages');
    expect(await screen.findByText('No conversations yet')).toBeInTheDocument();
  });

  it('shows the thread, marks unread messages read and sends by HTTP when not connected', async () => {
    setSession('authenticated', makeUser());
    const server = fakeServer({
      'GET /api/users/7/conversations': () => json([sofia]),
      'GET /api/users/3': () => json(partner),
      'GET /api/messages/7/3': () =>
        json({
          items: [
            message(),
            message({ id: 2, senderId: 7, receiverId: 3, content: 'Yes!', read: true }),
            message({
              id: 3,
              content: 'Offer: $40.00 — Countered at $45.00',
              messageType: 'offer_response',
              offerId: 9,
            }),
          ],
          nextCursor: null,
        }),
      'POST /api/messages/mark-read': () => json({ updated: 2 }),
      'POST /api/messages': () => json(message({ id: 4, senderId: 7, receiverId: 3, content: 'Deal' }), 201),
      // the offers area's card shows the offer's current state in the thread
      'GET /api/offers/9': () =>
        json({
          id: 9,
          productId: 1,
          buyerId: 7,
          sellerId: 3,
          status: 'countered',
          originalPrice: '50.00',
          offerPrice: '40.00',
          counterPrice: '45.00',
          agreedPrice: null,
          message: null,
          declineReason: null,
          createdAt: '2026-11-20T10:00:00Z',
          updatedAt: null,
          product: {
            id: 1,
            title: 'Denim jacket',
            price: '50.00',
            status: 'available',
            images: [],
            thumbnails: [],
          },
          buyer: null,
          seller: null,
        }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/messages/3');
    expect(await screen.findByText('Is the jacket still available?')).toBeInTheDocument();
    expect(await screen.findByText('Countered')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept Counter' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Profile' })).toHaveAttribute('href', '/profile/3');
    await waitFor(() => {
      const marks = server.requests.filter((r) => r.url.endsWith('/api/messages/mark-read'));
      expect(marks).toHaveLength(1);
    });
    const markRead = server.requests.find((r) => r.url.endsWith('/api/messages/mark-read'));
    expect(await markRead?.json()).toEqual({ senderId: 3, receiverId: 7 });

    await user.type(screen.getByPlaceholderText('Type a message...'), 'Deal{Enter}');
    expect(await screen.findByText('Not Connected')).toBeInTheDocument();
    await waitFor(() => {
      expect(server.requests.some((r) => r.method === 'POST' && r.url.endsWith('/api/messages'))).toBe(true);
    });
    const sent = server.requests.find((r) => r.method === 'POST' && r.url.endsWith('/api/messages'));
    expect(await sent?.json()).toEqual({ senderId: 7, receiverId: 3, content: 'Deal', messageType: 'text' });
  }, 15_000);

  it('tells screen readers who wrote each message in the live log', async () => {
    setSession('authenticated', makeUser());
    fakeServer({
      'GET /api/users/7/conversations': () => json([sofia]),
      'GET /api/users/3': () => json(partner),
      'GET /api/messages/7/3': () =>
        json({
          items: [
            message({ read: true }),
            message({ id: 2, senderId: 7, receiverId: 3, content: 'Yes!', read: true }),
          ],
          nextCursor: null,
        }),
    });
    renderRoutes(routes, '/messages/3');
    const log = await screen.findByRole('log', { name: 'Messages' });
    const row = (text: string) => within(log).getByText(text).closest('[data-message-id]');
    await waitFor(() => expect(row('Is the jacket still available?')?.textContent).toMatch(/^Sofia Rossi:/));
    expect(row('Yes!')?.textContent).toMatch(/^You:/);
  }, 15_000);

  it('puts older messages above the live log, so loading them is not read out as new', async () => {
    setSession('authenticated', makeUser());
    fakeServer({
      'GET /api/users/7/conversations': () => json([sofia]),
      'GET /api/users/3': () => json(partner),
      'GET /api/messages/7/3': (request) =>
        new URL(request.url).searchParams.get('cursor')
          ? json({ items: [message({ id: 1, content: 'From last week', read: true })], nextCursor: null })
          : json({ items: [message({ id: 9, content: 'Still there?', read: true })], nextCursor: 'c1' }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/messages/3');
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(log).toHaveAttribute('aria-live', 'polite');
    expect(log).toHaveAttribute('aria-relevant', 'additions');
    expect(within(log).getByText('Still there?')).toBeInTheDocument();
    // The button that loads history is no part of the live region either.
    await user.click(screen.getByRole('button', { name: 'Load older messages' }));
    const older = await screen.findByText('From last week');
    expect(log).not.toContainElement(older);
    expect(within(log).getByText('Still there?')).toBeInTheDocument();
    // Still read in order: the older message comes first.
    expect(older.compareDocumentPosition(log) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  }, 15_000);

  it('refuses an empty message with the spec wording', async () => {
    setSession('authenticated', makeUser());
    fakeServer({
      'GET /api/users/7/conversations': () => json([]),
      'GET /api/messages/7/3': () => json({ items: [], nextCursor: null }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/messages/3');
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
    expect(screen.getByText('Send a message to start the conversation')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Message cannot be empty')).toBeInTheDocument();
  }, 15_000);

  it('marks read again when a newer unread message arrives before the last mark-read showed', async () => {
    setSession('authenticated', makeUser());
    let fetches = 0;
    const server = fakeServer({
      'GET /api/users/7/conversations': () => json([sofia]),
      'GET /api/users/3': () => json(partner),
      'GET /api/messages/7/3': () => {
        fetches += 1;
        const items =
          fetches === 1
            ? [message()] // then a new one lands while the first still reads unread
            : fetches === 2
              ? [message(), message({ id: 5, content: 'Still there?' })]
              : [message({ read: true }), message({ id: 5, content: 'Still there?', read: true })];
        return json({ items, nextCursor: null });
      },
      'POST /api/messages/mark-read': () => json({ updated: 1 }),
    });
    renderRoutes(routes, '/messages/3');
    expect(await screen.findByText('Still there?')).toBeInTheDocument();
    await waitFor(() => {
      expect(server.requests.filter((r) => r.url.endsWith('/api/messages/mark-read'))).toHaveLength(2);
    });
  }, 15_000);

  it('closes the composer of a thread with a member you blocked, and unblocking reopens it', async () => {
    setSession('authenticated', makeUser());
    let closed = true;
    const server = fakeServer({
      'GET /api/users/7/conversations': () => json([sofia]),
      'GET /api/users/3': () => json(partner),
      'GET /api/messages/7/3': () =>
        json({ items: [message({ read: true })], nextCursor: null, closed, blockedByYou: closed }),
      'DELETE /api/blocks/3': () => {
        closed = false;
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/messages/3');
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(within(log).getByText('Is the jacket still available?')).toBeInTheDocument();
    const notice = await screen.findByTestId('thread-closed');
    expect(within(notice).getByText('This conversation is closed')).toBeInTheDocument();
    expect(within(notice).getByText(/You blocked this member/)).toBeInTheDocument();
    expect(screen.queryByPlaceholderText('Type a message...')).not.toBeInTheDocument();
    await user.click(within(notice).getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByPlaceholderText('Type a message...')).toBeInTheDocument();
    expect(server.requests.some((r) => r.method === 'DELETE' && r.url.endsWith('/api/blocks/3'))).toBe(true);
  }, 15_000);

  it('closes the composer when the other member blocked you, without saying who blocked', async () => {
    setSession('authenticated', makeUser());
    fakeServer({
      'GET /api/users/7/conversations': () => json([sofia]),
      'GET /api/users/3': () => json(partner),
      'GET /api/messages/7/3': () =>
        json({ items: [message({ read: true })], nextCursor: null, closed: true, blockedByYou: false }),
    });
    renderRoutes(routes, '/messages/3');
    expect(
      await screen.findByText("You can't message this member. You can still read past messages."),
    ).toBeInTheDocument();
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(within(log).getByText('Is the jacket still available?')).toBeInTheDocument();
    expect(screen.queryByPlaceholderText('Type a message...')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unblock' })).not.toBeInTheDocument();
  }, 15_000);

  it('does not invite to send in an empty closed conversation', async () => {
    setSession('authenticated', makeUser());
    fakeServer({
      'GET /api/users/7/conversations': () => json([]),
      'GET /api/users/3': () => json(partner),
      'GET /api/messages/7/3': () => json({ items: [], nextCursor: null, closed: true, blockedByYou: true }),
    });
    renderRoutes(routes, '/messages/3');
    expect(await screen.findByTestId('thread-closed')).toHaveTextContent('This conversation is closed');
    expect(await screen.findByText('No messages')).toBeInTheDocument();
    expect(screen.queryByText('No messages yet')).not.toBeInTheDocument();
    expect(screen.queryByText(/Send a message/)).not.toBeInTheDocument();
  }, 15_000);

  it('shows the price the two agreed for the listing, not the listed one', async () => {
    setSession('authenticated', makeUser());
    const about = message({ id: 2, read: true, productId: 24 });
    fakeServer({
      'GET /api/users/7/conversations': () => json([sofia]),
      'GET /api/users/3': () => json(partner),
      'GET /api/products/24': () => json(makeProduct({ id: 24, title: 'Red wool coat', price: '65.00' })),
      'GET /api/messages/7/3': () =>
        json({
          items: [about],
          nextCursor: null,
          closed: false,
          blockedByYou: false,
          agreedPrices: [{ productId: 24, price: '58.00' }],
        }),
    });
    renderRoutes(routes, '/messages/3');
    const card = await screen.findByLabelText('About this listing');
    expect(await within(card).findByText('Red wool coat')).toBeInTheDocument();
    expect(card).toHaveTextContent('$58.00 agreed · listed at $65.00');
  }, 15_000);

  it('shows the listed price when the two agreed none', async () => {
    setSession('authenticated', makeUser());
    fakeServer({
      'GET /api/users/7/conversations': () => json([sofia]),
      'GET /api/users/3': () => json(partner),
      'GET /api/products/24': () => json(makeProduct({ id: 24, title: 'Red wool coat', price: '65.00' })),
      'GET /api/messages/7/3': () =>
        json({
          items: [message({ read: true, productId: 24 })],
          nextCursor: null,
          closed: false,
          blockedByYou: false,
          agreedPrices: [{ productId: 25, price: '10.00' }],
        }),
    });
    renderRoutes(routes, '/messages/3');
    const card = await screen.findByLabelText('About this listing');
    expect(await within(card).findByText('$65.00')).toBeInTheDocument();
    expect(card).not.toHaveTextContent('agreed');
  }, 15_000);

  it('fills what the viewport leaves below the header and any banners, not a height that assumes none', () => {
    // Layout is the browser's (checked at 390x844 with the verify-email banner: the message
    // box ends above the bottom bar); here, that the page asks for it and no fixed calc remains.
    setSession('authenticated', makeUser());
    fakeServer({ 'GET /api/users/7/conversations': () => json([sofia]) });
    const { container } = renderRoutes(routes, '/messages/3');
    expect(container.querySelector('[data-fills-viewport]')).not.toBeNull();
    const css = (file: string) => readFileSync(fileURLToPath(new URL(file, import.meta.url)), 'utf8');
    expect(css('./messages.module.css')).not.toMatch(/100d?vh\s*-/);
    expect(css('../../../app/layout/app-layout.module.css')).toMatch(
      /\.shell:has\(\[data-fills-viewport\]\)/,
    );
  });
});
