import { api } from '@/lib/api-client';
import type { User } from '@/entities/user/user';

export interface Credentials {
  /** A username or an email address. */
  username: string;
  password: string;
  /** With two-factor sign-in on: the authenticator's code or a recovery code. */
  code?: string;
}

export interface Registration {
  username: string;
  displayName: string;
  email: string;
  password: string;
}

/** The signed-in user, or null for a visitor. GET /api/session answers 200 either way, so a
 *  visitor's page logs no failed request (GET /api/user answers them 401). */
export async function getCurrentUser(): Promise<User | null> {
  const { user } = await api.get('session').json<{ user: User | null }>();
  return user;
}

export function postLogin(credentials: Credentials): Promise<User> {
  return api.post('login', { json: credentials }).json<User>();
}

/** A new user (signed in), or `{message}` when the email already has an account: the
 * server then signs nobody in and emails the owner (it never says the email is taken). */
export type RegisterAnswer = User | { message: string };

export function postRegister(registration: Registration): Promise<RegisterAnswer> {
  return api.post('register', { json: registration }).json<RegisterAnswer>();
}

export async function postLogout(): Promise<void> {
  await api.post('logout');
}
