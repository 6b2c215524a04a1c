import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { render } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import type { PendingEmailChange } from '../api';
import { ChangeEmailForm } from './account-security-settings';

const me = makeUser({ email: 'ann@example.com', emailVerified: true });
// Noon UTC: the same calendar day in any time zone the tests run in.
const PENDING: PendingEmailChange = {
  email: 'ann@new.example',
  sentAt: '2026-11-27T12:00:00Z',
  expiresAt: '2026-11-30T12:00:00Z',
};
const SENTENCE =
  'We sent a link to ann@new.example on Nov 27, 2026; open it to confirm. Until then you sign in with ann@example.com.';

beforeEach(() => {
  setSession('authenticated', me);
  document.cookie = 'csrftoken=t';
});

function paths(requests: Request[]): string[] {
  return requests.map((r) => `${r.method} ${new URL(r.url).pathname}`);
}

/** A promise the test settles, to see a button while its request is on its way. */
function later<T>() {
  let settle!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}

const notice = () => screen.findByRole('region', { name: 'Confirm your new email' });

describe('ChangeEmailForm, the change waiting for its link', () => {
  it('says where the link went, when, and which address signs in until it is opened', async () => {
    fakeServer({ 'GET /api/user/email': () => json({ pending: PENDING }) });
    render(<ChangeEmailForm user={me} />);
    const region = await notice();
    expect(region).toHaveTextContent(SENTENCE);
    expect(region).toHaveTextContent(/The link works until Nov 30/);
    expect(within(region).getByRole('button', { name: 'Send again' })).toBeEnabled();
    expect(within(region).getByRole('button', { name: 'Cancel change' })).toBeEnabled();
    // Another address can still be asked for (it replaces this one).
    expect(screen.getByLabelText(/New email/)).toBeInTheDocument();
  });

  it('shows nothing pending when no change is waiting', async () => {
    const server = fakeServer({ 'GET /api/user/email': () => json({ pending: null }) });
    render(<ChangeEmailForm user={me} />);
    await waitFor(() => expect(paths(server.requests)).toContain('GET /api/user/email'));
    expect(await screen.findByRole('button', { name: 'Change email' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Confirm your new email' })).not.toBeInTheDocument();
    expect(screen.queryByText(/We sent a link/)).not.toBeInTheDocument();
  });

  it('shows the change once it is asked for', async () => {
    let pending: PendingEmailChange | null = null;
    const server = fakeServer({
      'GET /api/user/email': () => json({ pending }),
      'POST /api/user/email': () => {
        pending = PENDING;
        return json({ message: 'Check your new inbox: we sent a link to confirm the address.' }, 202);
      },
    });
    const user = userEvent.setup();
    render(<ChangeEmailForm user={me} />);
    await user.type(screen.getByLabelText(/New email/), 'ann@new.example');
    await user.type(screen.getByLabelText(/Password/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    expect(await notice()).toHaveTextContent(SENTENCE);
    // Not left on the button, which the browser blurs while it is disabled to save.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Email' })).toHaveFocus());
    const asked = server.requests.find((r) => r.method === 'POST');
    expect(await asked?.json()).toEqual({ password: 'secret123', email: 'ann@new.example' });
  });

  it('sends the link again: the button waits for the answer, then the toast and the new date', async () => {
    let pending = PENDING;
    const answer = later<Response>();
    const server = fakeServer({
      'GET /api/user/email': () => json({ pending }),
      'POST /api/user/email/resend': async () => {
        const sent = await answer.promise;
        pending = { ...PENDING, sentAt: '2026-11-28T12:00:00Z', expiresAt: '2026-12-01T12:00:00Z' };
        return sent;
      },
    });
    const user = userEvent.setup();
    render(<ChangeEmailForm user={me} />);
    const region = await notice();
    await user.click(within(region).getByRole('button', { name: 'Send again' }));
    await waitFor(() =>
      expect(within(region).getByRole('button', { name: 'Send again' })).toHaveAttribute('data-loading'),
    );
    expect(within(region).getByRole('button', { name: 'Cancel change' })).toBeDisabled();
    answer.settle(
      json({ message: 'We sent a new link to ann@new.example. Earlier links no longer work.' }, 202),
    );
    expect(await screen.findByText('Link sent again')).toBeInTheDocument();
    expect(
      screen.getByText('We sent a new link to ann@new.example. Earlier links no longer work.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(region).toHaveTextContent(/on Nov 28, 2026/));
    expect(paths(server.requests).filter((p) => p === 'GET /api/user/email')).toHaveLength(2);
  });

  it('cancels the change: the notice goes and the focus moves to the section heading', async () => {
    let pending: PendingEmailChange | null = PENDING;
    const server = fakeServer({
      'GET /api/user/email': () => json({ pending }),
      'DELETE /api/user/email': () => {
        pending = null;
        return json({ message: 'Email change cancelled. You still sign in with ann@example.com.' });
      },
    });
    const user = userEvent.setup();
    render(<ChangeEmailForm user={me} />);
    await user.click(within(await notice()).getByRole('button', { name: 'Cancel change' }));
    expect(await screen.findByText('Email change cancelled')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Confirm your new email' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { name: 'Email' })).toHaveFocus();
    expect(paths(server.requests)).toContain('DELETE /api/user/email');
  });

  it('says why sending again was refused, and reads the change again', async () => {
    let pending: PendingEmailChange | null = PENDING;
    fakeServer({
      'GET /api/user/email': () => json({ pending }),
      'POST /api/user/email/resend': () => {
        pending = null; // it expired, or was confirmed in another tab, meanwhile
        return json({ message: 'No email change is waiting to be confirmed' }, 409);
      },
    });
    const user = userEvent.setup();
    render(<ChangeEmailForm user={me} />);
    await user.click(within(await notice()).getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('No email change is waiting to be confirmed')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Confirm your new email' })).not.toBeInTheDocument(),
    );
  });
});
