import { useLayoutEffect } from 'react';

/**
 * index.html's boot block (`#boot`): the boot header and, on the home page, a product page,
 * the marketplace, the blog and the feed, the page's first view written by the server
 * (entrypoints/http/pages/first_view.py, from templates rendered out of the pages' own
 * components at build time: app/first-view-templates.tsx). It covers the app (`#root`, hidden from assistive
 * technology meanwhile) while the app renders underneath, and gives way when the app's own
 * page is ready, so a visitor sees the content at once and never a loader in between.
 */
const BOOT_ID = 'boot';
/** However a page fares, the first view gives way to the app after this long. */
export const FIRST_VIEW_LIMIT_MS = 8000;

/**
 * Hide the boot block and show the app (idempotent), at the place the visitor scrolled the
 * block to; the block leaves the document in a later task. Hidden, its elements lose their layout in the browser's next style pass; removed
 * while laid out, inside React's commit, each of its hundreds of elements cost a layout
 * invalidation recorded with React's deep stack under Lighthouse's tracing (25-30 ms of the
 * commit's task on `/marketplace`: docs/decisions/page-start-up.md).
 */
export function releaseFirstView(): void {
  const boot = shownBoot();
  if (boot !== null) {
    // The block scrolls on its own (it is fixed over the app): a visitor who scrolled it
    // stays where they were, the app's page being laid out like the first view.
    const top = boot.scrollTop;
    boot.hidden = true;
    if (top > 0) window.scrollTo(0, top);
    window.setTimeout(() => boot.remove(), 0);
  }
  document.getElementById('root')?.removeAttribute('aria-hidden');
}

/** The path and query the server wrote a first view for, if it wrote one. */
export function firstViewPath(): string | undefined {
  return document.querySelector<HTMLElement>(`#${BOOT_ID} [data-first-view]`)?.dataset.firstView;
}

/** The boot block, while it is shown (not yet hidden by `releaseFirstView`). */
function shownBoot(): HTMLElement | null {
  const boot = document.getElementById(BOOT_ID);
  return boot !== null && !boot.hidden ? boot : null;
}

/** Is the boot block still shown? */
export function firstViewShown(): boolean {
  return shownBoot() !== null;
}

/** The app is at `location`: a first view written for another page gives way at once. */
export function releaseFirstViewUnlessAt(location: { pathname: string; search: string }): void {
  if (firstViewShown() && firstViewPath() !== location.pathname + location.search) releaseFirstView();
}

/** A page with a first view keeps it until `ready` (its own content is rendered), then the
 * boot block goes in the same commit, before the browser paints. */
export function useFirstViewHandoff(ready: boolean): void {
  useLayoutEffect(() => {
    if (ready) releaseFirstView();
  }, [ready]);
}

/** At the app's first commit: a page without a first view of its own shows the app at once;
 * any first view gives way after `FIRST_VIEW_LIMIT_MS`. */
export function FirstViewGate() {
  useLayoutEffect(() => {
    releaseFirstViewUnlessAt(window.location);
    const timer = window.setTimeout(releaseFirstView, FIRST_VIEW_LIMIT_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return null;
}
