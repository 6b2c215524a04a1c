import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, json } from '@/test-utils/fake-server';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import { TwoFactorSettings } from './two-factor-settings';

beforeEach(() => {
  document.cookie = 'csrftoken=t';
});

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
    await user.type(screen.getByLabelText('Code from your app'), '123456');
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
    await user.type(await screen.findByLabelText('Code from your app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    expect(screen.queryByTestId('totp-secret')).not.toBeInTheDocument();
    expect(server.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'POST /api/user/2fa/setup',
      'DELETE /api/user/2fa/setup',
    ]);
    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await screen.findByLabelText('Code from your app')).toHaveValue('');
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
    await user.type(screen.getByLabelText('Code from your app'), '123456');
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
    await user.type(screen.getByLabelText('Code from your app'), '123456{Enter}');
    await waitFor(() => expect(screen.getByRole('status')).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent('Save your recovery codes');
  });
});
