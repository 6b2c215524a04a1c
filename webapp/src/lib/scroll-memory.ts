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
  return keepInPlace(
    win,
    () => {
      win.scrollTo(0, target);
      return Math.abs(win.scrollY - target) <= 1;
    },
    options,
  );
}

/** Room left between the sticky header and a target brought into view (px). */
const TARGET_GAP = 16;

/**
 * A link to a part of a page (/settings#email-notifications from an email's footer,
 * /post/5#comments): the browser scrolls to the id once, when the document loads, long
 * before this app draws the part (a lazily loaded page, a section shown once its data
 * arrived), and the router never does. Here the element `find` answers is brought into view
 * below the sticky header as soon as it is drawn, kept there while the page above it
 * settles (as restoreScroll does), and given the focus once, so keyboard and screen-reader
 * users start there too (an element that cannot take the focus is made to, tabindex -1).
 */
export function revealTarget(
  win: ScrollWindow,
  find: () => HTMLElement | null,
  options: RestoreOptions & { headerBottom?: () => number },
): () => void {
  const { headerBottom = stickyHeaderBottom } = options;
  let focused = false;
  return keepInPlace(
    win,
    () => {
      const target = find();
      if (!target) return false;
      const wanted = Math.max(
        0,
        target.getBoundingClientRect().top + win.scrollY - headerBottom() - TARGET_GAP,
      );
      win.scrollTo(0, wanted);
      if (!focused) {
        focused = true;
        if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
        target.focus({ preventScroll: true });
      }
      return Math.abs(win.scrollY - wanted) <= 1;
    },
    options,
  );
}

/** Where the page's sticky header ends on screen (0 without one). */
function stickyHeaderBottom(): number {
  const header = document.querySelector('header');
  return header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
}

/**
 * Runs ``place`` now and each time the page changes, until the spot it answers true for has
 * held and the page stopped changing for ``quiet`` ms, the visitor scrolls or types, or
 * ``patience`` runs out; answers a cancel.
 */
function keepInPlace(win: ScrollWindow, place: () => boolean, options: RestoreOptions): () => void {
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
    win.clearTimeout(quietTimer);
    if (place()) quietTimer = win.setTimeout(stop, quiet);
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

/** The page's size changing, or elements added to it (a part drawn in place of a loader). */
function watchPageChanges(changed: () => void): () => void {
  const stopGrowth = watchBodyGrowth(changed);
  const observer = new MutationObserver(() => changed());
  observer.observe(document.body, { childList: true, subtree: true });
  return () => {
    stopGrowth();
    observer.disconnect();
  };
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
      const id = decodeURIComponent(location.hash.slice(1));
      return revealTarget(window as unknown as ScrollWindow, () => document.getElementById(id), {
        watchGrowth: watchPageChanges,
      });
    }
    window.scrollTo(0, 0);
    return undefined;
  }, [key, location.hash, navigation]);
}
