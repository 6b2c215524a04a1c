import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/entities/session/session-store';
import { fakeServer, json } from '@/test-utils/fake-server';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import { CODES_FILE } from './recovery-codes';
import { TwoFactorSettings } from './two-factor-settings';

beforeEach(() => {
  document.cookie = 'csrftoken=t';
});
afterEach(() => vi.restoreAllMocks());

/** The panel as the settings page draws it: for the member the session store holds. */
function Settings() {
  const me = useSessionStore((state) => state.user);
  return me ? <TwoFactorSettings user={me} /> : null;
}

const OLD = ['aaaaa-aaaaa', 'bbbbb-bbbbb'];
const NEW = ['ccccc-ccccc', 'ddddd-ddddd', 'eeeee-eeeee'];

const SETUP = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Rethread:maya?secret=JBSWY3DPEHPK3PXP',
  qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
};

describe('TwoFactorSettings', () => {
  it('turns it on with the password and a code, and shows the recovery codes once', async () => {
    const me = makeUser();
    setSession('authenticated', me);
    const server = fakeServer({
      'POST /api/user/2fa/setup': () => json(SETUP),
      'POST /api/user/2fa/enable': () => json({ recoveryCodes: ['abcde-fghij', 'klmno-pqrst'] }),
      'GET /api/session': () => json({ user: { ...me, twoFactorEnabled: true } }),
      'GET /api/user': () => json({ ...me, twoFactorEnabled: true }),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/settings', element: <TwoFactorSettings user={me} /> }], '/settings');
    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await screen.findByTestId('totp-secret')).toHaveTextContent(SETUP.secret);
    // Both fields are marked required, as every other form of Settings marks its own.
    expect(screen.getByLabelText(/Password/)).toBeRequired();
    expect(screen.getByLabelText(/^Code from your app/)).toBeRequired();
    await user.type(screen.getByLabelText(/^Code from your app/), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.url.endsWith('/2fa/enable'))).toHaveLength(0);
    await user.type(screen.getByLabelText(/Password/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findAllByTestId('recovery-code')).toHaveLength(2);
    const sent = server.requests.find((r) => r.url.endsWith('/2fa/enable'));
    expect(await sent?.json()).toEqual({ password: 'secret123', code: '123456' });
  });

  it('cancels a set-up: the server forgets the pending secret and the panel starts over', async () => {
    const me = makeUser();
    setSession('authenticated', me);
    const server = fakeServer({
      'POST /api/user/2fa/setup': () => json(SETUP),
      'DELETE /api/user/2fa/setup': () => json({ message: 'Two-factor set-up cancelled.' }),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/settings', element: <TwoFactorSettings user={me} /> }], '/settings');
    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    await user.type(await screen.findByLabelText(/^Code from your app/), '123456');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    expect(screen.queryByTestId('totp-secret')).not.toBeInTheDocument();
    expect(server.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'POST /api/user/2fa/setup',
      'DELETE /api/user/2fa/setup',
    ]);
    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await screen.findByLabelText(/^Code from your app/)).toHaveValue('');
  });

  it('shows why the server refused the password', async () => {
    const me = makeUser();
    setSession('authenticated', me);
    fakeServer({
      'POST /api/user/2fa/setup': () => json(SETUP),
      'POST /api/user/2fa/enable': () =>
        json(
          {
            message: 'Invalid request. Please check the fields.',
            errors: { password: 'Your password is not correct' },
          },
          400,
        ),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/settings', element: <TwoFactorSettings user={me} /> }], '/settings');
    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    await user.type(await screen.findByLabelText(/Password/), 'not-it-1');
    await user.type(screen.getByLabelText(/^Code from your app/), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Your password is not correct')).toBeInTheDocument();
  });

  it('keeps the focus in the panel at each step, as a keyboard user goes through it', async () => {
    const me = makeUser();
    setSession('authenticated', me);
    fakeServer({
      'POST /api/user/2fa/setup': () => json(SETUP),
      'DELETE /api/user/2fa/setup': () => json({ message: 'Two-factor set-up cancelled.' }),
      'POST /api/user/2fa/enable': () => json({ recoveryCodes: ['abcde-fghij', 'klmno-pqrst'] }),
      'GET /api/session': () => json({ user: me }),
      'GET /api/user': () => json(me),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/settings', element: <TwoFactorSettings user={me} /> }], '/settings');
    screen.getByRole('button', { name: 'Set up two-factor sign-in' }).focus();
    await user.keyboard('{Enter}');
    // The button that had the focus is gone: the set-up's first field takes it.
    await waitFor(() => expect(screen.getByLabelText(/Password/)).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Set up two-factor sign-in' })).toHaveFocus(),
    );
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByLabelText(/Password/)).toHaveFocus());
    await user.keyboard('secret123');
    await user.type(screen.getByLabelText(/^Code from your app/), '123456{Enter}');
    await waitFor(() => expect(screen.getByRole('status')).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent('Save your recovery codes');
  });

  it('moves the focus to the panel saying it is off once turned off', async () => {
    const me = makeUser({ twoFactorEnabled: true });
    setSession('authenticated', me);
    fakeServer({
      'GET /api/user/2fa': () => json({ enabled: true, recoveryCodesLeft: 10 }),
      'POST /api/user/2fa/disable': () => json({ message: 'Two-factor sign-in is off.' }),
      'GET /api/session': () => json({ user: { ...me, twoFactorEnabled: false } }),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/settings', element: <Settings /> }], '/settings');
    await user.type(screen.getByLabelText(/Password/), 'secret123');
    await user.type(screen.getByLabelText(/^Code or recovery code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    const off = await screen.findByText(/^Off\. With it on/);
    await waitFor(() => expect(document.activeElement).toBe(off));
  });

  it('says how many recovery codes are left and makes new ones with the password and a code', async () => {
    const me = makeUser({ twoFactorEnabled: true });
    setSession('authenticated', me);
    let left = 2;
    const server = fakeServer({
      'GET /api/user/2fa': () => json({ enabled: true, recoveryCodesLeft: left }),
      'POST /api/user/2fa/recovery-codes': () => {
        left = NEW.length;
        return json({ recoveryCodes: NEW });
      },
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/settings', element: <Settings /> }], '/settings');
    expect(await screen.findByTestId('recovery-codes-left')).toHaveTextContent('2 recovery codes left');
    await user.click(screen.getByRole('button', { name: 'Generate new codes' }));
    const made = screen.getByRole('form', { name: 'New recovery codes' });
    const password = within(made).getByLabelText(/Password/);
    await waitFor(() => expect(document.activeElement).toBe(password));
    await user.click(within(made).getByRole('button', { name: 'Generate new codes' }));
    expect(within(made).getByText('Enter your password')).toBeInTheDocument();
    await user.type(password, 'secret123');
    await user.type(within(made).getByLabelText(/Code or recovery code/), OLD[0]);
    await user.click(within(made).getByRole('button', { name: 'Generate new codes' }));
    const codes = await screen.findAllByTestId('recovery-code');
    expect(codes.map((code) => code.textContent)).toEqual(NEW);
    // The form that made them is gone: the codes take the focus.
    await waitFor(() => expect(screen.getByRole('status')).toHaveFocus());
    expect(screen.queryByRole('form', { name: 'New recovery codes' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('recovery-codes-left')).toHaveTextContent('3 recovery codes left'),
    );
    const sent = server.requests.find((r) => r.url.endsWith('/2fa/recovery-codes'));
    expect(await sent?.json()).toEqual({ password: 'secret123', code: OLD[0] });
  });

  it('goes back to "Generate new codes" on Cancel, and says when no codes are left', async () => {
    const me = makeUser({ twoFactorEnabled: true });
    setSession('authenticated', me);
    fakeServer({ 'GET /api/user/2fa': () => json({ enabled: true, recoveryCodesLeft: 0 }) });
    const user = userEvent.setup();
    renderRoutes([{ path: '/settings', element: <Settings /> }], '/settings');
    expect(await screen.findByTestId('recovery-codes-left')).toHaveTextContent('No recovery codes left.');
    await user.click(screen.getByRole('button', { name: 'Generate new codes' }));
    await user.click(
      within(screen.getByRole('form', { name: 'New recovery codes' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Generate new codes' })).toHaveFocus());
  });

  it('copies the recovery codes and downloads them as a text file', async () => {
    const me = makeUser();
    setSession('authenticated', me);
    fakeServer({
      'POST /api/user/2fa/setup': () => json(SETUP),
      'POST /api/user/2fa/enable': () => json({ recoveryCodes: OLD }),
      'GET /api/session': () => json({ user: me }),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/settings', element: <TwoFactorSettings user={me} /> }], '/settings');
    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    await user.type(await screen.findByLabelText(/Password/), 'secret123');
    await user.type(screen.getByLabelText(/^Code from your app/), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const shown = await screen.findByRole('status');
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    const copied = await navigator.clipboard.readText();
    expect(copied.split('\n')).toEqual(expect.arrayContaining(OLD));
    expect(await screen.findByText('Recovery codes copied')).toBeInTheDocument();

    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:codes';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    await user.click(within(shown).getByRole('button', { name: 'Download .txt' }));
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe(CODES_FILE);
    expect(clicked[0]!.href).toBe('blob:codes');
    expect(blobs[0]!.type).toBe('text/plain');
    expect((await blobs[0]!.text()).split('\n')).toEqual(expect.arrayContaining(OLD));
  });
});
