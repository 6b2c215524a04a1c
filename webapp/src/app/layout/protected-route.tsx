import { Navigate, Outlet } from 'react-router-dom';
import { PageLoader } from '@/components/page-loader';
import { useSessionStore } from '@/entities/session/session-store';

/** Login-required routes: a spinner while the session loads, visitors go to /auth. */
export function ProtectedRoute() {
  const status = useSessionStore((state) => state.status);
  const signingOut = useSessionStore((state) => state.signingOut);

  if (status === 'loading' || (status === 'anonymous' && signingOut)) {
    return <PageLoader label="Loading your session" />;
  }
  if (status === 'anonymous') {
    return <Navigate to="/auth" replace />;
  }
  return <Outlet />;
}
