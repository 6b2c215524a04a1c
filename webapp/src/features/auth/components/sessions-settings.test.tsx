import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { render } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import { SessionsSettings } from './sessions-settings';

const here = {
  id: 'aaa',
  device: 'Chrome on Linux',
  browser: 'Chrome',
  os: 'Linux',
  place: 'Local network',
  signedInAt: '2026-11-27T10:00:00Z',
  lastSeenAt: '2026-11-28T09:00:00Z',
  current: true,
};
const phone = {
  id: 'bbb',
  device: 'Mobile Safari on iOS',
  browser: 'Mobile Safari',
  os: 'iOS',
  place: 'Network 203.0.113.0/24',
  signedInAt: '2026-11-20T10:00:00Z',
  lastSeenAt: '2026-11-21T09:00:00Z',
  current: false,
};

beforeEach(() => {
  setSession('authenticated', makeUser());
  document.cookie = 'csrftoken=t';
});

describe('SessionsSettings', () => {
  it('lists every session and marks this device', async () => {
    fakeServer({ 'GET /api/user/sessions': () => json({ sessions: [here, phone] }) });
    render(<SessionsSettings />);
    const rows = await screen.findAllByTestId('session-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('This device')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Mobile Safari on iOS')).toBeInTheDocument();
    expect(within(rows[1]!).getByText(/Network 203\.0\.113\.0\/24/)).toBeInTheDocument();
  });

  it('signs out of another session, after which no others are left to end', async () => {
    let listed = [here, phone];
    const server = fakeServer({
      'GET /api/user/sessions': () => json({ sessions: listed }),
      'DELETE /api/user/sessions/bbb': () => {
        listed = [here];
        return json({ message: 'Signed out of that session.' });
      },
    });
    const user = userEvent.setup();
    render(<SessionsSettings />);
    await user.click(await screen.findByRole('button', { name: 'Sign out Mobile Safari on iOS' }));
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1));
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Sign out of all other sessions' })).not.toBeInTheDocument();
  });

  it('offers to try again when the list fails to load', async () => {
    let fail = true;
    fakeServer({
      'GET /api/user/sessions': () => (fail ? json({ message: 'Boom' }, 500) : json({ sessions: [here] })),
    });
    const user = userEvent.setup();
    render(<SessionsSettings />);
    expect(await screen.findByText('Failed to load your sessions')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('This device')).toBeInTheDocument();
  });

  it('moves the focus to the heading when the other sessions are signed out and their button goes', async () => {
    let listed = [here, phone];
    fakeServer({
      'GET /api/user/sessions': () => json({ sessions: listed }),
      'POST /api/user/sessions/revoke-others': () => {
        listed = [here];
        return json({ message: 'Signed out of 1 other session.', ended: 1 });
      },
    });
    const user = userEvent.setup();
    render(<SessionsSettings />);
    await user.click(await screen.findByRole('button', { name: 'Sign out of all other sessions' }));
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Sign out of all other sessions' })).not.toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: "Where you're signed in" }));
  });

  it('moves the focus to the row that takes the place of a session signed out', async () => {
    const tablet = { ...phone, id: 'ccc', device: 'Firefox on Android' };
    let listed = [here, phone, tablet];
    fakeServer({
      'GET /api/user/sessions': () => json({ sessions: listed }),
      'DELETE /api/user/sessions/bbb': () => {
        listed = [here, tablet];
        return json({ message: 'Signed out of that session.' });
      },
    });
    const user = userEvent.setup();
    render(<SessionsSettings />);
    await user.click(await screen.findByRole('button', { name: 'Sign out Mobile Safari on iOS' }));
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(2));
    await waitFor(() => expect(document.activeElement).toBe(screen.getAllByTestId('session-row')[1]));
    expect(document.activeElement).toHaveTextContent('Firefox on Android');
  });
});
