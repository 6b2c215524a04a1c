import { api, isApiError } from '@/lib/api-client';
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

/** The signed-in user, or null when the server answers 401. */
export async function getCurrentUser(): Promise<User | null> {
  try {
    return await api.get('user').json<User>();
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
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
