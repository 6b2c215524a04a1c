import { useNavigate, useSearchParams } from 'react-router-dom';
import { safeReturnPath } from '@/entities/session/return-to';
import type { SubmitOptions } from '@/lib/form';
import { markFirstVisit } from '@/entities/session/first-visit';
import { isApiError } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';
import type { Credentials, Registration } from '@/entities/session/session-api';
import { useSessionStore } from '@/entities/session/session-store';
import { displayNameOf, type User } from '@/entities/user/user';

const LOGIN_REDIRECT_MS = 500;

/** A session action and what follows it, for `submitWith` (errors: toast + field errors). */
interface AuthFlow<Input, Result = User> {
  action: (input: Input) => Promise<Result>;
  options: SubmitOptions<Result>;
}

/** The page the visitor was sent here from (`?next=`, same-site only), else home. */
function useReturnPath(): string {
  const [params] = useSearchParams();
  return safeReturnPath(params.get('next'));
}

/** Sign in: toast, then back to the wanted page (home by default) after 500 ms. */
export function useLogin(): AuthFlow<Credentials> {
  const navigate = useNavigate();
  const next = useReturnPath();
  return {
    action: (credentials) => useSessionStore.getState().login(credentials),
    options: {
      fallback: 'Failed to login',
      onSuccess: (user) => {
        notifySuccess('Login successful', `Welcome back, ${displayNameOf(user)}!`);
        setTimeout(() => navigate(next, { replace: true }), LOGIN_REDIRECT_MS);
      },
    },
  };
}

/** Create an account: toast, arm the welcome tour, back to the wanted page (or home) at once. */
export function useRegister(): AuthFlow<Registration, User | string> {
  const navigate = useNavigate();
  const next = useReturnPath();
  return {
    action: (registration) => useSessionStore.getState().register(registration),
    options: {
      fallback: 'Failed to register',
      // A sign-up's only conflict is a taken username (a taken email is never said to a
      // visitor): it goes under that input too, not only in the toast.
      moreFieldErrors: (error, message): Record<string, string> =>
        isApiError(error, 409) ? { username: message } : {},
      onSuccess: (user) => {
        if (typeof user === 'string') {
          // The email has an account: nobody is signed in, and its owner gets an email.
          notifySuccess('Almost there', user);
          return;
        }
        notifySuccess('Registration successful', `Welcome to Rethread, ${displayNameOf(user)}!`);
        markFirstVisit();
        navigate(next, { replace: true });
      },
    },
  };
}
