import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { FIRST_TIME_KEY } from '@/entities/session/first-visit';
import { useSessionStore } from '@/entities/session/session-store';
import { fakeServer, json } from '@/test-utils/fake-server';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import AuthPage from './auth-page';

const routes = [
  { path: '/auth', element: <AuthPage /> },
  { path: '/', element: <p>Home page</p> },
  { path: '/watchlist', element: <p>Saved items</p> },
];

beforeEach(() => {
  setSession('anonymous');
  document.cookie = 'csrftoken=t';
});

/** Fills the sign-up form (password "secret1" twice) and sends it. */
async function signUp(
  user: ReturnType<typeof userEvent.setup>,
  username: string,
  name: string,
  email: string,
) {
  await user.type(screen.getByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Display name'), name);
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.type(screen.getByLabelText('Confirm password'), 'secret1');
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('AuthPage', () => {
  it('shows the login validation messages', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/auth');
    await user.type(screen.getByLabelText('Username or email'), 'ab');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Username or email must be at least 3 characters')).toBeInTheDocument();
    // A blank password is missing, not short.
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), '123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
  });

  it("keeps why a login failed on the form, as well as in the spec's toast", async () => {
    fakeServer({ 'POST /api/login': () => json({ message: 'Invalid username or password' }, 401) });
    const user = userEvent.setup();
    renderRoutes(routes, '/auth');
    await user.type(screen.getByLabelText('Username or email'), 'maya');
    await user.type(screen.getByLabelText('Password'), 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const kept = await screen.findByRole('group', { name: 'Could not log in' });
    expect(kept).toHaveTextContent('Invalid username or password');
    // Announced once: by the spec's toast, not by the box too; the box describes the form.
    const alerts = await screen.findAllByRole('alert');
    expect(
      alerts.filter((alert) => /Invalid username or password/.test(alert.textContent ?? '')),
    ).toHaveLength(1);
    expect(kept.closest('[role="alert"]')).toBeNull();
    const form = kept.closest('form')!;
    expect(form.getAttribute('aria-describedby')).toBe(kept.id);
  });

  it('says a suspension once, in the toast, and keeps it on the form', async () => {
    const suspended = 'Your account is suspended until Dec 5, 2026. Reason: Spam';
    fakeServer({ 'POST /api/login': () => json({ message: suspended }, 403) });
    const user = userEvent.setup();
    renderRoutes(routes, '/auth');
    await user.type(screen.getByLabelText('Username or email'), 'maya');
    await user.type(screen.getByLabelText('Password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const kept = await screen.findByRole('group', { name: 'Could not log in' });
    expect(kept).toHaveTextContent(suspended);
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.filter((alert) => alert.textContent?.includes(suspended))).toHaveLength(1);
  });

  it('shows the sign-up validation messages', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/auth');
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret2');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Display name is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  });

  it('shows the server message in a toast and field errors under the inputs', async () => {
    fakeServer({
      'POST /api/register': () =>
        json({ message: 'That username is already taken', errors: { username: 'Taken' } }, 409),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/auth?tab=signup');
    await signUp(user, 'ann', 'Ann', 'ann@example.com');
    expect(await screen.findByText('That username is already taken')).toBeInTheDocument();
    expect(screen.getByText('Taken')).toBeInTheDocument();
  });

  it("puts a taken username's 409, which carries only a message, under the Username input", async () => {
    fakeServer({
      'POST /api/register': () => json({ message: 'That username is already taken' }, 409),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/auth?tab=signup');
    await signUp(user, 'maya', 'Maya', 'maya2@example.com');
    const username = screen.getByLabelText('Username');
    await waitFor(() => expect(username).toHaveAttribute('aria-invalid', 'true'));
    expect(username).toHaveAccessibleDescription('That username is already taken');
    await waitFor(() => expect(username).toHaveFocus());
  });

  it('registers without sending confirmPassword, arms the tour and goes home', async () => {
    const server = fakeServer({ 'POST /api/register': () => json(makeUser(), 201) });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/auth?tab=signup');
    await signUp(user, 'ann', 'Ann Lee', 'ann@example.com');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await server.requests[0].json()).toEqual({
      username: 'ann',
      displayName: 'Ann Lee',
      email: 'ann@example.com',
      password: 'secret1',
    });
    expect(window.localStorage.getItem(FIRST_TIME_KEY)).not.toBeNull();
    expect(useSessionStore.getState().status).toBe('authenticated');
  });

  it('falls back to "Failed to login" when the server gives no message', async () => {
    fakeServer({ 'POST /api/login': () => new Response('', { status: 500 }) });
    const user = userEvent.setup();
    renderRoutes(routes, '/auth');
    await user.type(screen.getByLabelText('Username or email'), 'ann');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    // The toast and the form both say it.
    await waitFor(() => expect(screen.getAllByText('Failed to login')).toHaveLength(2));
  });

  describe('two-factor sign-in', () => {
    const CODE_NEEDED = 'Enter the code from your authenticator app';
    const WRONG = 'That code is not right. Enter the current code from your authenticator app.';
    const USED =
      'That recovery code has already been used. Enter another recovery code or the current code from your authenticator app.';

    /** The server's answers: the code step without a code, then per code sent. */
    function twoFactorServer(answers: Record<string, string>) {
      return fakeServer({
        'POST /api/login': async (request) => {
          const body = (await request.json()) as { code?: string };
          if (!body.code) return json({ message: CODE_NEEDED, twoFactorRequired: true }, 401);
          const refusal = answers[body.code];
          if (!refusal) return json(makeUser());
          return json({ message: refusal, errors: { code: refusal }, twoFactorRequired: true }, 401);
        },
      });
    }

    async function passwordStep() {
      const user = userEvent.setup();
      renderRoutes(routes, '/auth');
      await user.type(screen.getByLabelText('Username or email'), 'ann');
      await user.type(screen.getByLabelText('Password'), 'secret1');
      await user.click(screen.getByRole('button', { name: 'Log in' }));
      return user;
    }

    it('asks for the code as the next step of the form, not as an error', async () => {
      twoFactorServer({});
      await passwordStep();
      const code = await screen.findByRole('textbox', { name: 'Authentication code' });
      expect(code).toHaveAccessibleDescription(expect.stringContaining(CODE_NEEDED));
      expect(code).not.toHaveAttribute('aria-invalid', 'true');
      expect(code).toHaveFocus();
      expect(screen.queryByText('Error')).not.toBeInTheDocument();
      expect(screen.queryByText(CODE_NEEDED)).not.toBeInTheDocument(); // only in the field's description
    });

    it('says a wrong code under the code field, once, with no toast', async () => {
      const server = twoFactorServer({ '000000': WRONG, '111111': WRONG });
      const user = await passwordStep();
      const code = await screen.findByRole('textbox', { name: 'Authentication code' });
      await user.type(code, '000000');
      await user.click(screen.getByRole('button', { name: 'Log in' }));
      await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
      expect(code).toHaveAccessibleDescription(expect.stringContaining(WRONG));
      await waitFor(() => expect(code).toHaveFocus());
      await user.clear(code);
      await user.type(code, '111111');
      await user.click(screen.getByRole('button', { name: 'Log in' }));
      await waitFor(() => expect(server.requests).toHaveLength(3));
      await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
      expect(screen.getAllByText(WRONG)).toHaveLength(1);
      expect(screen.queryByText('Error')).not.toBeInTheDocument();
      expect(await server.requests[2].json()).toEqual({
        username: 'ann',
        password: 'secret1',
        code: '111111',
      });
    });

    it('says when a recovery code was already used', async () => {
      twoFactorServer({ 'abcde-fghij': USED });
      const user = await passwordStep();
      const code = await screen.findByRole('textbox', { name: 'Authentication code' });
      await user.type(code, 'abcde-fghij');
      await user.click(screen.getByRole('button', { name: 'Log in' }));
      await waitFor(() => expect(code).toHaveAccessibleDescription(expect.stringContaining(USED)));
      expect(code).toHaveAttribute('aria-invalid', 'true');
      expect(screen.queryByText('Error')).not.toBeInTheDocument();
    });

    it('signs in with the right code', async () => {
      twoFactorServer({});
      const user = await passwordStep();
      await user.type(await screen.findByRole('textbox', { name: 'Authentication code' }), '123456');
      await user.click(screen.getByRole('button', { name: 'Log in' }));
      expect(await screen.findByText('Login successful')).toBeInTheDocument();
    });
  });

  it('welcomes the user back and goes home after the login toast', async () => {
    fakeServer({ 'POST /api/login': () => json(makeUser()) });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/auth');
    await user.type(screen.getByLabelText('Username or email'), 'ann');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Ann Lee!')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('returns to the page the visitor wanted, never to another site', async () => {
    fakeServer({ 'POST /api/login': () => json(makeUser()) });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/auth?next=%2Fwatchlist%3Fsort%3Dprice');
    await user.type(screen.getByLabelText('Username or email'), 'ann');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/watchlist'));
    expect(router.state.location.search).toBe('?sort=price');
  });

  it('ignores a next= that leaves the site', () => {
    setSession('authenticated', makeUser());
    const { router } = renderRoutes(routes, '/auth?next=%2F%2Fevil.example%2F');
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a signed-in visitor home', () => {
    setSession('authenticated', makeUser());
    const { router } = renderRoutes(routes, '/auth');
    expect(router.state.location.pathname).toBe('/');
  });
});
