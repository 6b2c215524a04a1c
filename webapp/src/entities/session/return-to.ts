import { useLocation } from 'react-router-dom';

/**
 * Where a visitor sent to /auth goes back to after logging in or signing up: `/auth?next=`
 * carries the page they wanted. Only a path on this site is followed (never `//host`,
 * `/\host`, a scheme or another origin), so the parameter cannot be an open redirect.
 */
const ORIGIN = 'https://rethread.invalid';

export function safeReturnPath(raw: string | null | undefined): string {
  // Control characters are what this refuses.
  // eslint-disable-next-line no-control-regex
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || /[\\\u0000-\u001f\s]/.test(raw)) {
    return '/';
  }
  let url: URL;
  try {
    url = new URL(raw, ORIGIN);
  } catch {
    return '/';
  }
  if (url.origin !== ORIGIN || url.pathname === '/auth') return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

/** '/auth?next=/watchlist' for a page the visitor wanted; plain '/auth' for home. */
export function authPath(wanted?: { pathname: string; search?: string; hash?: string } | string): string {
  const path =
    typeof wanted === 'string'
      ? wanted
      : wanted
        ? `${wanted.pathname}${wanted.search ?? ''}${wanted.hash ?? ''}`
        : '/';
  const next = safeReturnPath(path);
  return next === '/' ? '/auth' : `/auth?next=${encodeURIComponent(next)}`;
}

/** The /auth link for a login button on this page: back here afterwards. */
export function useAuthLink(): string {
  const location = useLocation();
  return location.pathname === '/auth' ? `/auth${location.search}` : authPath(location);
}
