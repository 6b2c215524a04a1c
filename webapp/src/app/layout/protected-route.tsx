import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router-dom';
import { PageLoader } from '@/components/page-loader';
import { useSessionStore } from '@/entities/session/session-store';
import { authPath } from '@/entities/session/return-to';
import { notifyError } from '@/lib/notify';

/** What a route tells a visitor it sends to /auth (spec §8: favorites 'Authentication required'). */
export interface LoginPrompt {
  title: string;
  message: string;
}

/**
 * Login-required routes: a spinner while the session loads; visitors go to /auth, which
 * brings them back here after logging in (`?next=`), with the route's `handle.loginPrompt`
 * toast when it has one.
 */
export function ProtectedRoute() {
  const status = useSessionStore((state) => state.status);
  const signingOut = useSessionStore((state) => state.signingOut);
  const location = useLocation();
  const prompt = (useMatches().at(-1)?.handle as { loginPrompt?: LoginPrompt } | undefined)?.loginPrompt;
  const sendAway = status === 'anonymous' && !signingOut;

  useEffect(() => {
    if (sendAway && prompt) notifyError(prompt.message, prompt.title, { page: '/auth' });
  }, [sendAway, prompt]);

  if (status === 'loading' || (status === 'anonymous' && signingOut)) {
    return <PageLoader label="Loading your session" />;
  }
  if (status === 'anonymous') {
    return <Navigate to={authPath(location)} replace />;
  }
  return <Outlet />;
}
