import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useLogout } from '@/features/auth/use-logout';
import { fakeServer, json } from '@/test-utils/fake-server';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import { ProtectedRoute } from './protected-route';

function LogoutButton() {
  const logout = useLogout();
  return (
    <button type="button" onClick={() => void logout()}>
      Log out
    </button>
  );
}

const routes = [
  { path: '/auth', element: <p>Login page</p> },
  { path: '/', element: <p>Home page</p> },
  {
    element: <ProtectedRoute />,
    children: [
      {
        path: '/orders',
        element: (
          <>
            <p>Orders page</p>
            <LogoutButton />
          </>
        ),
      },
      {
        path: '/watchlist',
        element: <p>Saved</p>,
        handle: {
          loginPrompt: { title: 'Authentication required', message: 'Please log in to view your favorites' },
        },
      },
    ],
  },
];

describe('ProtectedRoute', () => {
  it('sends visitors to /auth, which knows the page they wanted', () => {
    setSession('anonymous');
    const { router } = renderRoutes(routes, '/orders?tab=sales');
    expect(router.state.location.pathname).toBe('/auth');
    expect(router.state.location.search).toBe('?next=%2Forders%3Ftab%3Dsales');
    expect(screen.getByText('Login page')).toBeInTheDocument();
  });

  it("says why when the route has a login prompt (spec: favorites 'Authentication required')", async () => {
    setSession('anonymous');
    const { router } = renderRoutes(routes, '/watchlist');
    expect(await screen.findByText('Please log in to view your favorites')).toBeInTheDocument();
    expect(screen.getByText('Authentication required')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('shows a spinner while the session loads', () => {
    setSession('loading');
    const { router } = renderRoutes(routes, '/orders');
    expect(screen.getByRole('status', { name: 'Loading your session' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/orders');
  });

  it('shows the page to a signed-in user', () => {
    setSession('authenticated', makeUser());
    renderRoutes(routes, '/orders');
    expect(screen.getByText('Orders page')).toBeInTheDocument();
  });

  it('lets a member who logs out on it go home, not on to /auth', async () => {
    setSession('authenticated', makeUser());
    document.cookie = 'csrftoken=t';
    fakeServer({ 'POST /api/logout': () => json({}) });
    const { router } = renderRoutes(routes, '/orders');
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Home page', {}, { timeout: 3000 })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByText('Login page')).not.toBeInTheDocument();
  });
});
