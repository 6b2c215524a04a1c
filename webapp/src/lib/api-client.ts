import ky from 'ky';

/** The JSON error body every Rethread endpoint sends with a non-OK status. */
export interface ApiErrorBody {
  message?: string;
  errors?: Record<string, string>;
  /** A login whose password was right: the account also needs its authenticator's code. */
  twoFactorRequired?: boolean;
}

/** A non-OK response. The message follows the spec: `${status}: ${bodyText || statusText}`. */
export class ApiError extends Error {
  readonly status: number;
  readonly bodyText: string;
  readonly data: ApiErrorBody | undefined;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.bodyText = bodyText;
    this.data = parseErrorBody(bodyText);
  }
}

function parseErrorBody(text: string): ApiErrorBody | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as ApiErrorBody) : undefined;
  } catch {
    return undefined;
  }
}

/** The server's message for a failed call, or the fallback (network errors, empty bodies). */
export function errorMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.data?.message) || fallback;
}

/**
 * The server's sentence when it refused the request itself (a 4xx with our error body, e.g.
 * 400 "Maximum price must be at least the minimum price"): asking again cannot help, so the
 * page shows the sentence rather than "check your connection". Null for anything else (no
 * answer, a 5xx, a timeout or rate limit that a later try may pass, a body without a message).
 */
export function requestProblem(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return null;
  if (error.status === 408 || error.status === 429) return null;
  return error.data?.message || null;
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const CSRF_COOKIE = 'csrftoken';

export function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry ? decodeURIComponent(entry.slice(prefix.length)) : undefined;
}

let pendingCsrf: Promise<unknown> | undefined;

/** The server sets the CSRF cookie on any safe request; ask for one when none happened yet. */
async function csrfToken(): Promise<string | undefined> {
  if (!readCookie(CSRF_COOKIE)) {
    pendingCsrf ??= fetch(new URL('/api/csrf', window.location.origin), {
      credentials: 'include',
    }).catch(() => undefined);
    await pendingCsrf;
    pendingCsrf = undefined;
  }
  return readCookie(CSRF_COOKIE);
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();

/** Called on every 401, so an expired session turns the app anonymous. Returns an unsubscribe. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** The one HTTP client. Paths are relative to /api: `api.get('user')` asks GET /api/user. */
export const api = ky.create({
  prefix: '/api',
  baseUrl: window.location.origin,
  credentials: 'include',
  retry: 0,
  hooks: {
    beforeRequest: [
      async ({ request }) => {
        if (!UNSAFE_METHODS.has(request.method)) return;
        const token = await csrfToken();
        if (token) request.headers.set('x-csrftoken', token);
      },
    ],
    afterResponse: [
      async ({ response }) => {
        if (response.ok) return;
        if (response.status === 401) unauthorizedListeners.forEach((listener) => listener());
        throw new ApiError(response.status, response.statusText, await response.text());
      },
    ],
  },
});

/** Per-field messages from a 400 response (`errors`), for showing under the inputs. */
export function fieldErrors(error: unknown): Record<string, string> {
  return (error instanceof ApiError && error.data?.errors) || {};
}
