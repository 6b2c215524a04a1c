import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import { BlockedMembers } from './blocked-members';
import { ReportMenu } from './report-menu';

const menu = [{ path: '/', element: <ReportMenu targetType="listing" targetId={7} ownerId={2} withBlock /> }];

beforeEach(() => {
  document.cookie = 'csrftoken=t';
});

describe('Report menu', () => {
  it('sends the chosen reason and details', async () => {
    setSession('authenticated', makeUser({ id: 1 }));
    const server = fakeServer({ 'POST /api/reports': () => json({ id: 3 }, 201) });
    const user = userEvent.setup();
    renderRoutes(menu, '/');
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Report' }));
    const send = await screen.findByRole('button', { name: 'Send report' });
    expect(send).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Counterfeit' }));
    await user.type(screen.getByLabelText(/^Details/), 'Wrong logo');
    await user.click(send);
    expect(await screen.findByText('Report sent')).toBeInTheDocument();
    expect(await server.requests[0].json()).toEqual({
      targetType: 'listing',
      targetId: 7,
      reason: 'counterfeit',
      details: 'Wrong logo',
    });
  });

  it("shows the server's sentence for a repeated report", async () => {
    setSession('authenticated', makeUser({ id: 1 }));
    fakeServer({ 'POST /api/reports': () => json({ message: 'You have already reported this' }, 409) });
    const user = userEvent.setup();
    renderRoutes(menu, '/');
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Report' }));
    await user.click(await screen.findByRole('radio', { name: 'Spam' }));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have already reported this');
  });

  it('gives the focus back to the menu button once the member is blocked', async () => {
    setSession('authenticated', makeUser({ id: 1 }));
    fakeServer({
      'POST /api/blocks': () => json({ user: makeUser({ id: 2 }), createdAt: '2026-11-01T10:00:00Z' }, 201),
    });
    const user = userEvent.setup();
    renderRoutes(menu, '/');
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block this member?' });
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'More actions' })),
    );
  });

  it('says before blocking what it does: bags emptied, offers closed, follows ended', async () => {
    setSession('authenticated', makeUser({ id: 1 }));
    const server = fakeServer({});
    const user = userEvent.setup();
    renderRoutes(
      [
        {
          path: '/',
          element: <ReportMenu targetType="user" targetId={2} ownerId={2} ownerName="Maya" withBlock />,
        },
      ],
      '/',
    );
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Maya?' });
    expect(dialog).toHaveTextContent('If you block Maya:');
    const said = within(dialog)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(said).toEqual([
      'Their listings, posts and comments leave your shop, search and feed, and yours leave theirs.',
      "Neither of you can message, make offers to, buy from or follow the other, or comment on, like or save the other's posts. Messages you already exchanged stay readable.",
      'You stop following each other, open offers between you are closed, and an item reserved for either of you by an accepted offer goes back on sale.',
      'Their items are taken out of your bag, and yours out of theirs.',
    ]);
    expect(dialog).toHaveTextContent(
      'They are not told that you blocked them. You can unblock at any time (here or in Settings), but follows, offers and bag items do not come back.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.requests).toHaveLength(0);
  });

  it('is not offered on your own things', () => {
    setSession('authenticated', makeUser({ id: 2 }));
    fakeServer({});
    renderRoutes(menu, '/');
    expect(screen.queryByRole('button', { name: 'More actions' })).not.toBeInTheDocument();
  });
});

describe('Blocked members', () => {
  it('lists them and unblocks one', async () => {
    setSession('authenticated', makeUser({ id: 1 }));
    let blocked = [
      {
        user: makeUser({ id: 5, username: 'theo', displayName: 'Theo K' }),
        createdAt: '2026-11-01T10:00:00Z',
      },
    ];
    const server = fakeServer({
      'GET /api/blocks': () => json(blocked),
      'DELETE /api/blocks/5': () => {
        blocked = [];
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <BlockedMembers /> }], '/');
    await user.click(await screen.findByRole('button', { name: 'Unblock Theo K' }));
    expect(await screen.findByText('You have not blocked anyone.')).toBeInTheDocument();
    expect(server.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toContain(
      'DELETE /api/blocks/5',
    );
  });
});
