import { create } from 'zustand';
import {
  getCurrentUser,
  postLogin,
  postLogout,
  postRegister,
  type Credentials,
  type Registration,
} from './session-api';
import type { User } from '@/entities/user/user';

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

interface SessionState {
  user: User | null;
  status: SessionStatus;
  /** True from Logout until the app has navigated away, so guards do not bounce to /auth. */
  signingOut: boolean;
  fetchUser: () => Promise<User | null>;
  login: (credentials: Credentials) => Promise<User>;
  /** The new user, or the server's sentence when nobody was signed in (check your email). */
  register: (registration: Registration) => Promise<User | string>;
  /** Clears the user, then tells the server; rejects when the server call failed. */
  logout: () => Promise<void>;
  finishSignOut: () => void;
  /** The server said 401: whatever we thought, nobody is signed in. */
  clearUser: () => void;
}

const signedIn = (user: User) => ({ user, status: 'authenticated' as const });
const anonymous = { user: null, status: 'anonymous' as const };

/**
 * Who is signed in. Lives in lib/ rather than features/auth because every feature needs the
 * current user and features do not import each other; features/auth holds the pages and flows.
 */
export const useSessionStore = create<SessionState>()((set) => ({
  user: null,
  status: 'loading',
  signingOut: false,
  fetchUser: async () => {
    // A failed current-user call means logged out (spec §4 Session).
    const user = await getCurrentUser().catch(() => null);
    set(user ? signedIn(user) : anonymous);
    return user;
  },
  login: async (credentials) => {
    const user = await postLogin(credentials);
    set(signedIn(user));
    return user;
  },
  register: async (registration) => {
    const answer = await postRegister(registration);
    if (!('id' in answer)) return answer.message;
    set(signedIn(answer));
    return answer;
  },
  logout: async () => {
    set({ ...anonymous, signingOut: true });
    await postLogout();
  },
  finishSignOut: () => set({ signingOut: false }),
  clearUser: () => set(anonymous),
}));

export const useCurrentUser = () => useSessionStore((state) => state.user);
