import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage, fieldErrors } from '@/lib/api-client';
import { markFirstVisit } from '@/entities/session/first-visit';
import { notifyError, notifySuccess } from '@/lib/notify';
import type { Credentials, Registration } from '@/entities/session/session-api';
import { useSessionStore } from '@/entities/session/session-store';
import { displayNameOf, type User } from '@/entities/user/user';

const LOGIN_REDIRECT_MS = 500;

type ServerFieldErrors = Record<string, string>;

/**
 * Runs a session action for a form. On failure: an 'Error' toast with the server's message
 * (or the fallback) and the server's field errors as the result, for under the inputs.
 */
function useAuthSubmit<Input>(
  action: (input: Input) => Promise<User>,
  fallback: string,
  onSuccess: (user: User) => void,
) {
  const [pending, setPending] = useState(false);

  async function submit(input: Input): Promise<ServerFieldErrors> {
    setPending(true);
    try {
      onSuccess(await action(input));
      return {}; // Stay pending: the page is about to leave.
    } catch (error) {
      setPending(false);
      notifyError(errorMessage(error, fallback));
      return fieldErrors(error);
    }
  }

  return { submit, pending };
}

/** Sign in: toast, then home after 500 ms. */
export function useLogin() {
  const navigate = useNavigate();
  return useAuthSubmit(
    (credentials: Credentials) => useSessionStore.getState().login(credentials),
    'Failed to login',
    (user) => {
      notifySuccess('Login successful', `Welcome back, ${displayNameOf(user)}!`);
      setTimeout(() => navigate('/', { replace: true }), LOGIN_REDIRECT_MS);
    },
  );
}

/** Create an account: toast, arm the welcome tour, home at once. */
export function useRegister() {
  const navigate = useNavigate();
  return useAuthSubmit(
    (registration: Registration) => useSessionStore.getState().register(registration),
    'Failed to register',
    (user) => {
      notifySuccess('Registration successful', `Welcome to Rethread, ${displayNameOf(user)}!`);
      markFirstVisit();
      navigate('/', { replace: true });
    },
  );
}
