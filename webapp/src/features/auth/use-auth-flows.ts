import { useNavigate } from 'react-router-dom';
import type { SubmitOptions } from '@/lib/form';
import { markFirstVisit } from '@/entities/session/first-visit';
import { notifySuccess } from '@/lib/notify';
import type { Credentials, Registration } from '@/entities/session/session-api';
import { useSessionStore } from '@/entities/session/session-store';
import { displayNameOf, type User } from '@/entities/user/user';

const LOGIN_REDIRECT_MS = 500;

/** A session action and what follows it, for `submitWith` (errors: toast + field errors). */
interface AuthFlow<Input> {
  action: (input: Input) => Promise<User>;
  options: SubmitOptions<User>;
}

/** Sign in: toast, then home after 500 ms. */
export function useLogin(): AuthFlow<Credentials> {
  const navigate = useNavigate();
  return {
    action: (credentials) => useSessionStore.getState().login(credentials),
    options: {
      fallback: 'Failed to login',
      onSuccess: (user) => {
        notifySuccess('Login successful', `Welcome back, ${displayNameOf(user)}!`);
        setTimeout(() => navigate('/', { replace: true }), LOGIN_REDIRECT_MS);
      },
    },
  };
}

/** Create an account: toast, arm the welcome tour, home at once. */
export function useRegister(): AuthFlow<Registration> {
  const navigate = useNavigate();
  return {
    action: (registration) => useSessionStore.getState().register(registration),
    options: {
      fallback: 'Failed to register',
      onSuccess: (user) => {
        notifySuccess('Registration successful', `Welcome to Rethread, ${displayNameOf(user)}!`);
        markFirstVisit();
        navigate('/', { replace: true });
      },
    },
  };
}
