import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage, fieldErrors } from '@/lib/api-client';
import { markFirstVisit } from '@/lib/first-visit';
import { notifyError, notifySuccess } from '@/lib/notify';
import type { Credentials, Registration } from '@/lib/session-api';
import { useSessionStore } from '@/lib/session-store';
import { displayNameOf } from '@/lib/user';

const LOGIN_REDIRECT_MS = 500;

type ServerFieldErrors = Record<string, string>;

/** Sign in: toast, then home after 500 ms. Resolves to the server's field errors on failure. */
export function useLogin() {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  async function submit(credentials: Credentials): Promise<ServerFieldErrors> {
    setPending(true);
    try {
      const user = await useSessionStore.getState().login(credentials);
      notifySuccess('Login successful', `Welcome back, ${displayNameOf(user)}!`);
      setTimeout(() => navigate('/', { replace: true }), LOGIN_REDIRECT_MS);
      return {};
    } catch (error) {
      setPending(false);
      notifyError(errorMessage(error, 'Failed to login'));
      return fieldErrors(error);
    }
  }

  return { submit, pending };
}

/** Create an account: toast, arm the welcome tour, home at once. */
export function useRegister() {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  async function submit(registration: Registration): Promise<ServerFieldErrors> {
    setPending(true);
    try {
      const user = await useSessionStore.getState().register(registration);
      notifySuccess('Registration successful', `Welcome to Rethread, ${displayNameOf(user)}!`);
      markFirstVisit();
      navigate('/', { replace: true });
      return {};
    } catch (error) {
      setPending(false);
      notifyError(errorMessage(error, 'Failed to register'));
      return fieldErrors(error);
    }
  }

  return { submit, pending };
}
