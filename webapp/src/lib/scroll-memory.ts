import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/**
 * Scroll position per history entry: a new page starts at the top, Back and Forward land
 * exactly where the visitor was, even when the page's content arrives after the navigation.
 *
 * React Router's <ScrollRestoration> scrolls once, right after the new page renders; a page
 * whose rows load lazily is still short then, so the browser clamps the position (Back to
 * the home page's footer landed mid-page). Here the position is applied again whenever the
 * page grows, until it sticks and the page has stopped growing, the visitor scrolls or types,
 * or a few seconds pass (issue 15).
 */

const STORAGE_KEY = 'rethread-scroll-positions';
let stored: Map<string, number> | undefined;

/** The saved positions, read from sessionStorage on first use, not while the app's
 * modules load: only Back, Forward and reload need them. */
function positions(): Map<string, number> {
  stored ??= new Map<string, number>(readStored());
  return stored;
}

function readStored(): [string, number][] {
  try {
    return Object.entries(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>);
  } catch {
    return [];
  }
}

export interface ScrollWindow {
  scrollTo(x: number, y: number): void;
  readonly scrollY: number;
  addEventListener(type: string, listener: () => void, options?: AddEventListenerOptions): void;
  removeEventListener(type: string, listener: () => void): void;
  setTimeout(handler: () => void, ms: number): number;
  clearTimeout(id: number): void;
}

/** Things that mean the visitor took over: restoring stops. */
const TAKE_OVER = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

export interface RestoreOptions {
  /** Calls back whenever the page's size changes; answers how to stop watching. */
  watchGrowth: (changed: () => void) => () => void;
  /** Give up after this long (ms). */
  patience?: number;
  /** Done once the position holds and the page has not changed size for this long (ms). */
  quiet?: number;
}

/** Scroll ``win`` to ``target`` now and again each time the page grows; answers a cancel. */
export function restoreScroll(win: ScrollWindow, target: number, options: RestoreOptions): () => void {
  // Quiet: rows that arrive one after another on a slow connection (or a slow server) come
  // more than 0.6 s apart; stopping between two of them left the page to shift after it.
  const { watchGrowth, patience = 8000, quiet = 1500 } = options;
  let quietTimer = 0;
  const stop = () => {
    stopWatching();
    win.clearTimeout(giveUp);
    win.clearTimeout(quietTimer);
    TAKE_OVER.forEach((type) => win.removeEventListener(type, stop));
  };
  const attempt = () => {
    win.scrollTo(0, target);
    win.clearTimeout(quietTimer);
    if (Math.abs(win.scrollY - target) <= 1) quietTimer = win.setTimeout(stop, quiet);
  };
  const stopWatching = watchGrowth(attempt);
  const giveUp = win.setTimeout(stop, patience);
  TAKE_OVER.forEach((type) => win.addEventListener(type, stop, { passive: true, once: true }));
  attempt();
  return stop;
}

function watchBodyGrowth(changed: () => void): () => void {
  if (typeof ResizeObserver === 'undefined') return () => undefined;
  const observer = new ResizeObserver(() => changed());
  observer.observe(document.body);
  return () => observer.disconnect();
}

/**
 * The history entry's key. The entry a document was opened on has no router key ('default'
 * on every page), so its path tells those apart.
 */
function entryKey(location: { key: string; pathname: string; search: string }): string {
  return location.key === 'default' ? `default:${location.pathname}${location.search}` : location.key;
}

/** How this document was opened: only Back/Forward and reload return to a saved position. */
function openedByHistory(): boolean {
  const [entry] = performance.getEntriesByType?.('navigation') ?? [];
  const type = (entry as PerformanceNavigationTiming | undefined)?.type;
  return type === 'back_forward' || type === 'reload';
}

let firstPage = true;

/** Remembers and restores the window's scroll position per history entry (see above). */
export function useScrollMemory() {
  const location = useLocation();
  const navigation = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const persist = () =>
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(positions())));
    window.addEventListener('pagehide', persist);
    return () => window.removeEventListener('pagehide', persist);
  }, []);

  // The position is recorded as the visitor scrolls, not when they leave: by then the next
  // page may already have rendered and the browser clamped the scroll to its height. Scroll
  // events arrive after the commit that changes the page, so they count for the new entry.
  const key = entryKey(location);
  const current = useRef(key);
  useEffect(() => {
    const record = () => positions().set(current.current, window.scrollY);
    window.addEventListener('scroll', record, { passive: true });
    return () => window.removeEventListener('scroll', record);
  }, []);

  useLayoutEffect(() => {
    current.current = key;
    const returning = navigation === 'POP' && (!firstPage || openedByHistory());
    firstPage = false;
    const saved = returning ? positions().get(key) : undefined;
    if (saved !== undefined) {
      return restoreScroll(window as unknown as ScrollWindow, saved, { watchGrowth: watchBodyGrowth });
    }
    if (location.hash) {
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
      return undefined;
    }
    window.scrollTo(0, 0);
    return undefined;
  }, [key, location.hash, navigation]);
}
