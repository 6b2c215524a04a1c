import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { notifySuccess, notifyWarning } from '@/lib/notify';
import { useSessionStore } from '@/entities/session/session-store';

const REDIRECT_MS = 500;
const REDIRECT_AFTER_FAILURE_MS = 1500;

/** Sign out: local state first, then the server; cached data is invalidated either way. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  return async function logout(): Promise<void> {
    const session = useSessionStore.getState();
    let delay = REDIRECT_MS;
    try {
      await session.logout();
      notifySuccess('Logged out successfully');
    } catch (error) {
      delay = REDIRECT_AFTER_FAILURE_MS;
      const detail = error instanceof Error ? error.message : undefined;
      notifyWarning('Logout may not be complete on server', detail);
    }
    void queryClient.invalidateQueries();
    setTimeout(() => {
      // Home drawn at once (flushSync) before the session stops reading as "signing out":
      // a signed-in-only page still on screen would send the visitor on to /auth.
      void Promise.resolve(navigate('/', { replace: true, flushSync: true })).then(() =>
        session.finishSignOut(),
      );
    }, delay);
  };
}
