import { useState } from 'react';
import { useSessionStore, type SessionStatus } from '@/entities/session/session-store';

/**
 * The session status when the page was entered (once it finished loading). Signing in on the
 * page does not change it, so the login flow can keep its own 500 ms redirect.
 */
export function useArrivalStatus(): SessionStatus {
  const status = useSessionStore((state) => state.status);
  const [arrival, setArrival] = useState(status);
  if (arrival === 'loading' && status !== 'loading') {
    setArrival(status);
    return status;
  }
  return arrival;
}
