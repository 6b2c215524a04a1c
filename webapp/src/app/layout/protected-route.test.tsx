import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test-utils/render';
import { setSession } from '@/test-utils/session';
import { makeUser } from '@/test-utils/users';
import { ProtectedRoute } from './protected-route';

const routes = [
  { path: '/auth', element: <p>Login page</p> },
  { element: <ProtectedRoute />, children: [{ path: '/orders', element: <p>Orders page</p> }] },
];

describe('ProtectedRoute', () => {
  it('sends visitors to /auth', () => {
    setSession('anonymous');
    const { router } = renderRoutes(routes, '/orders');
    expect(router.state.location.pathname).toBe('/auth');
    expect(screen.getByText('Login page')).toBeInTheDocument();
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
});
