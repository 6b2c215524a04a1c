import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/formatters';
import { fakeServer, json } from '@/test-utils/fake-server';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import type { ReportGroup } from '../api';
import { ModerationDesk } from './moderation-desk';

const desk = [{ path: '/', element: <ModerationDesk /> }];
const maya = makeUser({ id: 4, username: 'maya', displayName: 'Maya' });

function group(overrides: Partial<ReportGroup> = {}): ReportGroup {
  return {
    id: 11,
    targetType: 'listing',
    targetId: 24,
    targetLabel: 'Listing “Wool coat”',
    targetImage: null,
    targetLink: '/product/24',
    targetText: null,
    canHide: true,
    hideWhyNot: null,
    owner: maya,
    count: 1,
    reasons: { counterfeit: 1 },
    reports: [
      {
        id: 11,
        reporterId: 2,
        reporterUsername: 'sofia',
        reason: 'counterfeit',
        details: '',
        createdAt: '2026-11-01T10:00:00Z',
        action: null,
        actionLabel: null,
        note: null,
      },
    ],
    targetHidden: false,
    targetHiddenCause: null,
    ownerSuspended: false,
    outcome: null,
    outcomeNote: null,
    ...overrides,
  };
}

/** The desk's server: open groups until one is resolved, then none. */
function deskServer(resolved: ReportGroup[] = [], opened: ReportGroup[] = [group()]) {
  let open = opened;
  return fakeServer({
    'GET /api/admin/reports': (request) =>
      json(new URL(request.url).searchParams.get('status') === 'resolved' ? resolved : open),
    'POST /api/admin/reports/11/resolve': async (request) => {
      open = [];
      const { action } = (await request.json()) as { action: string };
      const suspension =
        action === 'suspend' ? { userId: 4, reason: 'Spam', endsAt: '2026-12-07T01:57:00Z' } : null;
      return json({ resolved: 1, suspension });
    },
    'POST /api/admin/listings/24/restore': () => new Response(null, { status: 200 }),
    'POST /api/admin/users/4/unsuspend': () => new Response(null, { status: 200 }),
    'POST /api/admin/posts/31/restore': () => new Response(null, { status: 200 }),
    'POST /api/admin/comments/32/restore': () => new Response(null, { status: 200 }),
  });
}

function sent(server: ReturnType<typeof fakeServer>) {
  return server.requests.filter((r) => r.method === 'POST').map((r) => new URL(r.url).pathname);
}

beforeEach(() => {
  document.cookie = 'csrftoken=t';
  setSession('authenticated', makeUser({ id: 1, role: 'admin' }));
});

describe('Moderation desk', () => {
  it('asks before hiding a listing, sends the reason, then puts the focus on the list', async () => {
    const server = deskServer();
    const user = userEvent.setup();
    renderRoutes(desk, '/');
    await user.click(await screen.findByRole('button', { name: 'Hide listing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this listing?' });
    expect(sent(server)).toEqual([]);
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Fake logo');
    await user.click(within(dialog).getByRole('button', { name: 'Hide listing' }));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Reports' })).toHaveFocus());
    const resolve = server.requests.find((r) => r.url.endsWith('/resolve'));
    expect(await resolve?.json()).toEqual({ action: 'hide', note: 'Fake logo' });
  });

  it('cancelling sends nothing and gives the focus back to the button', async () => {
    const server = deskServer();
    const user = userEvent.setup();
    renderRoutes(desk, '/');
    const hide = await screen.findByRole('button', { name: 'Hide listing' });
    await user.click(hide);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(hide).toHaveFocus());
    expect(sent(server)).toEqual([]);
  });

  it('suspends for the chosen time', async () => {
    const server = deskServer();
    const user = userEvent.setup();
    renderRoutes(desk, '/');
    await user.click(await screen.findByRole('button', { name: 'Suspend owner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend @maya?' });
    await user.click(within(dialog).getByRole('radio', { name: '30 days' }));
    await user.click(within(dialog).getByRole('button', { name: 'Suspend member' }));
    await waitFor(() => expect(sent(server)).toEqual(['/api/admin/reports/11/resolve']));
    expect(await server.requests.find((r) => r.method === 'POST')?.json()).toEqual({
      action: 'suspend',
      note: '',
      days: 30,
    });
  });

  it('offers Restore and Unsuspend on resolved reports while they still apply', async () => {
    const done = { ...group().reports[0], action: 'hide', actionLabel: 'Hidden' };
    const server = deskServer([
      group({ reports: [done], targetHidden: true, targetHiddenCause: 'moderator', ownerSuspended: true }),
    ]);
    const user = userEvent.setup();
    renderRoutes(desk, '/');
    await user.click(await screen.findByRole('radio', { name: 'Resolved' }));
    await user.click(await screen.findByRole('button', { name: 'Restore listing' }));
    await user.click(await screen.findByRole('button', { name: 'Unsuspend @maya' }));
    await waitFor(() =>
      expect(sent(server)).toEqual(['/api/admin/listings/24/restore', '/api/admin/users/4/unsuspend']),
    );
  });

  it('offers Restore on a resolved report of a hidden post or comment, then keeps the focus on its card', async () => {
    const done = { ...group().reports[0], action: 'hide', actionLabel: 'Hidden' };
    const server = deskServer([
      group({
        id: 12,
        targetType: 'post',
        targetId: 31,
        targetLabel: 'Style post “Autumn layers”',
        reports: [done],
        targetHidden: true,
        targetHiddenCause: 'moderator',
      }),
      group({
        id: 13,
        targetType: 'comment',
        targetId: 32,
        targetLabel: 'Comment “Rude words”',
        reports: [done],
        targetHidden: true,
        targetHiddenCause: 'moderator',
      }),
    ]);
    const user = userEvent.setup();
    renderRoutes(desk, '/');
    await user.click(await screen.findByRole('radio', { name: 'Resolved' }));
    const post = await screen.findByRole('article', { name: 'Style post “Autumn layers”' });
    await user.click(within(post).getByRole('button', { name: 'Restore post' }));
    await waitFor(() => expect(post).toHaveFocus());
    const comment = screen.getByRole('article', { name: 'Comment “Rude words”' });
    await user.click(within(comment).getByRole('button', { name: 'Restore comment' }));
    await waitFor(() => expect(comment).toHaveFocus());
    expect(sent(server)).toEqual(['/api/admin/posts/31/restore', '/api/admin/comments/32/restore']);
  });

  it("offers no Restore for a listing its seller's suspension hid, and says why", async () => {
    const done = { ...group().reports[0], action: 'suspend', actionLabel: 'Member suspended' };
    const server = deskServer([
      group({ reports: [done], targetHidden: true, targetHiddenCause: 'suspension', ownerSuspended: true }),
    ]);
    const user = userEvent.setup();
    renderRoutes(desk, '/');
    await user.click(await screen.findByRole('radio', { name: 'Resolved' }));
    const card = await screen.findByRole('article', { name: 'Listing “Wool coat”' });
    expect(
      within(card).getByText(
        'Hidden while its seller is suspended: it comes back when the suspension is lifted or ends, so it cannot be restored.',
      ),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Restore listing' })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Unsuspend @maya' }));
    await waitFor(() => expect(sent(server)).toEqual(['/api/admin/users/4/unsuspend']));
  });

  it('offers no Restore for a listing whose seller closed their account, and says why', async () => {
    const done = { ...group().reports[0], action: 'hide', actionLabel: 'Hidden' };
    const closed = makeUser({ id: 4, username: 'deleted-4', displayName: 'Deleted member', deleted: true });
    deskServer([
      group({ reports: [done], owner: closed, targetHidden: true, targetHiddenCause: 'moderator' }),
    ]);
    const user = userEvent.setup();
    renderRoutes(desk, '/');
    await user.click(await screen.findByRole('radio', { name: 'Resolved' }));
    const card = await screen.findByRole('article', { name: 'Listing “Wool coat”' });
    expect(
      within(card).getByText('Its seller closed their account, so it cannot come back to the shop.'),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Restore listing' })).not.toBeInTheDocument();
  });

  it('names what is reported, with its picture and who reported it', async () => {
    const report = group().reports[0];
    deskServer(
      [],
      [
        group({
          targetImage: '/media/coat-thumb.webp',
          count: 5,
          reports: [
            report,
            { ...report, id: 12, reporterId: 3, reporterUsername: 'theo' },
            { ...report, id: 13, reporterId: 5, reporterUsername: 'rita' },
            { ...report, id: 14, reporterId: 6, reporterUsername: 'ana' },
            { ...report, id: 15, reporterId: 9, reporterUsername: null },
          ],
        }),
      ],
    );
    renderRoutes(desk, '/');
    const card = await screen.findByRole('article', { name: 'Listing “Wool coat”' });
    expect(within(card).getByRole('heading', { name: 'Listing “Wool coat”' })).toBeInTheDocument();
    expect(card.querySelector('img')).toHaveAttribute('src', '/media/coat-thumb.webp');
    expect(within(card).getByText('Reported by @sofia, @theo, @rita and 2 others')).toBeInTheDocument();
  });

  it("links a comment's title to its place on its post's page, as the server says", async () => {
    deskServer(
      [],
      [
        group({
          targetType: 'comment',
          targetId: 32,
          targetLabel: 'Comment “Buy from my shop instead”',
          targetLink: '/post/31#comment-32',
        }),
      ],
    );
    renderRoutes(desk, '/');
    const card = await screen.findByRole('article', { name: 'Comment “Buy from my shop instead”' });
    expect(within(card).getByRole('link', { name: 'Comment “Buy from my shop instead”' })).toHaveAttribute(
      'href',
      '/post/31#comment-32',
    );
  });

  it('quotes a reported message whole and names its sender, with no link to the conversation', async () => {
    const words = 'Pay me outside the site, it is cheaper for both of us.\nSend the money to my bank.';
    deskServer(
      [],
      [
        group({
          targetType: 'message',
          targetId: 40,
          targetLabel: 'Message “Pay me outside the site, it is cheaper for both of us. Send…”',
          targetLink: null,
          targetText: words,
          canHide: false,
        }),
      ],
    );
    renderRoutes(desk, '/');
    const card = await screen.findByRole('article', { name: /^Message/ });
    expect(within(card).getByRole('heading', { name: /^Message “Pay me/ })).toBeInTheDocument();
    expect(card.querySelector('blockquote')).toHaveTextContent(words.replace('\n', ' '));
    expect(within(card).getByText(/^Sent by/)).toHaveTextContent('Sent by @maya');
    const links = within(card).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/profile/4']);
  });

  it('offers no Hide when the server says it cannot be done, and says why', async () => {
    const why = 'Only an available listing can be hidden: this one is reserved for a buyer.';
    deskServer([], [group({ canHide: false, hideWhyNot: why })]);
    renderRoutes(desk, '/');
    const card = await screen.findByRole('article', { name: 'Listing “Wool coat”' });
    expect(within(card).getByText(why)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Hide listing' })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Suspend owner' })).toBeInTheDocument();
    expect(within(card).getByText('Reported by @sofia')).toBeInTheDocument();
  });

  it('says how many reports it closed in words', async () => {
    deskServer();
    const user = userEvent.setup();
    renderRoutes(desk, '/');
    await user.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('1 report closed.')).toBeInTheDocument();
  });

  it('names the outcome of a resolved report as a person reads it', async () => {
    const first = { ...group().reports[0], action: 'dismiss', actionLabel: 'Dismissed', note: 'Looked fine' };
    const done = { ...first, id: 2, action: 'suspend', actionLabel: 'Member suspended', note: 'Spam' };
    deskServer([
      group({
        reports: [first, done],
        ownerSuspended: true,
        outcome: 'Member suspended',
        outcomeNote: 'Spam',
      }),
    ]);
    const user = userEvent.setup();
    renderRoutes(desk, '/');
    await user.click(await screen.findByRole('radio', { name: 'Resolved' }));
    expect(await screen.findByText('Outcome: Member suspended — Spam')).toBeInTheDocument();
    expect(screen.queryByText(/Outcome: suspend/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Looked fine/)).not.toBeInTheDocument(); // the last resolution's note
  });

  it('says a hidden listing was restored since, as the server tells it, with no Restore left', async () => {
    const done = { ...group().reports[0], action: 'hide', actionLabel: 'Hidden' };
    const outcome = 'Hidden, restored on Dec 7, 01:57 UTC';
    deskServer([group({ reports: [done], outcome })]);
    const user = userEvent.setup();
    renderRoutes(desk, '/');
    await user.click(await screen.findByRole('radio', { name: 'Resolved' }));
    const card = await screen.findByRole('article', { name: 'Listing “Wool coat”' });
    expect(within(card).getByText(`Outcome: ${outcome}`)).toBeInTheDocument();
    expect(within(card).queryByText('Outcome: Hidden')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Restore listing' })).not.toBeInTheDocument();
  });

  it('says whom a suspension suspended and until when, and how many reports it closed', async () => {
    deskServer();
    const user = userEvent.setup();
    renderRoutes(desk, '/');
    await user.click(await screen.findByRole('button', { name: 'Suspend owner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend @maya?' });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend member' }));
    expect(await screen.findByText('Member suspended')).toBeInTheDocument();
    expect(
      screen.getByText(
        `@maya is suspended until ${formatDateTime('2026-12-07T01:57:00Z')}. 1 report closed.`,
      ),
    ).toBeInTheDocument();
  });

  it("names a reported member once: no owner line under 'Member @maya'", async () => {
    deskServer(
      [],
      [
        group({
          targetType: 'user',
          targetId: 4,
          targetLabel: 'Member @maya',
          targetLink: '/profile/4',
          canHide: false,
        }),
      ],
    );
    renderRoutes(desk, '/');
    const card = await screen.findByRole('article', { name: 'Member @maya' });
    expect(within(card).queryByText(/Owner:/)).not.toBeInTheDocument();
    expect(within(card).getAllByText(/@maya/)).toHaveLength(1);
  });

  it('calls whom it suspends a member, a sender or an owner, as the card names them', async () => {
    deskServer(
      [],
      [
        group({ id: 11, targetType: 'user', targetId: 4, targetLabel: 'Member @maya', canHide: false }),
        group({ id: 12, targetType: 'message', targetId: 7, targetLabel: 'Message to @sofia' }),
        group({ id: 13, targetLabel: 'Listing “Wool coat”' }),
      ],
    );
    renderRoutes(desk, '/');
    const suspend = async (name: string) =>
      within(await screen.findByRole('article', { name })).getByRole('button', { name: /^Suspend/ });
    expect(await suspend('Member @maya')).toHaveTextContent('Suspend member');
    expect(await suspend('Message to @sofia')).toHaveTextContent('Suspend sender');
    expect(await suspend('Listing “Wool coat”')).toHaveTextContent('Suspend owner');
  });
});
