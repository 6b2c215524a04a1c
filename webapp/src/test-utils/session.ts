import { useSessionStore, type SessionStatus } from '@/entities/session/session-store';
import type { User } from '@/entities/user/user';

/** Puts the session store in a known state without talking to a server. */
export function setSession(status: SessionStatus, user: User | null = null): void {
  useSessionStore.setState({ status, user, signingOut: false });
}
