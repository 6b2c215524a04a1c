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

describe('AuthPage', () => {
  it('shows the login validation messages', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/auth');
    await user.type(screen.getByLabelText('Username or email'), 'ab');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Username or email must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
  });

  it('shows the sign-up validation messages', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/auth');
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret2');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Display name must be at least 2 characters')).toBeInTheDocument();
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
    await user.type(screen.getByLabelText('Username'), 'ann');
    await user.type(screen.getByLabelText('Display name'), 'Ann');
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('That username is already taken')).toBeInTheDocument();
    expect(screen.getByText('Taken')).toBeInTheDocument();
  });

  it('registers without sending confirmPassword, arms the tour and goes home', async () => {
    const server = fakeServer({ 'POST /api/register': () => json(makeUser(), 201) });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/auth?tab=signup');
    await user.type(screen.getByLabelText('Username'), 'ann');
    await user.type(screen.getByLabelText('Display name'), 'Ann Lee');
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
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
    expect(await screen.findByText('Failed to login')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
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
