import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { act, cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { mediaQueryList } from './viewport';

// findBy*/waitFor wait up to 10 s (not 1 s): the machines running these tests are shared, and
// under `make test` Vitest runs beside the CPU-bound API tier: a page's first render plus a
// click took 6-12 s there at load 11 (the shop's "loads 8 more"). Only a failing test waits
// that long; testTimeout (webapp/vite.config.ts) is 30 s.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks the layout APIs Mantine relies on.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => mediaQueryList(query, false),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
Object.defineProperty(window, 'scrollTo', { writable: true, value: () => {} });
// Mantine's autosize Textarea listens for web fonts loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

/**
 * The test files of a worker share its modules and its jsdom (`isolate: false` in
 * vite.config.ts: a fresh process and jsdom per file spent more time loading the libraries
 * than the tests took). What a test leaves behind is undone here, so every file starts as it
 * would in a fresh jsdom: after each test the rendered trees, toasts, cookies and storage;
 * after each file the address, the document and the app's own modules, so their stores
 * (zustand), caches and listeners start fresh in the next file.
 */
const { cookieJar } = (globalThis as unknown as { jsdom: { cookieJar: CookieJar } }).jsdom;
interface CookieJar {
  removeAllCookiesSync(): void;
}

afterEach(() => {
  // The toast store is global: drop shown and queued toasts so tests do not see each other's.
  act(() => notifications.clean());
  cleanup();
  // Every cookie, whatever its path (a cookie set on /product/5 has path /product).
  cookieJar.removeAllCookiesSync();
  window.localStorage.clear();
});

afterAll(() => {
  vi.useRealTimers();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  const { documentElement, head, body } = document;
  for (const element of [documentElement, head, body]) {
    for (const name of element.getAttributeNames()) element.removeAttribute(name);
  }
  head.replaceChildren();
  body.replaceChildren();
  vi.resetModules();
});
