import { VisuallyHidden } from '@mantine/core';
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { isTitlePending } from '@/lib/page-meta';

/** How long a new page's heading is waited for (data that never comes: `main` keeps the focus). */
const PATIENCE_MS = 10_000;
/** The title is read this long after the page is drawn: a page named by its data (a product,
 *  a profile) sets it in an effect just after drawing its heading. */
const SETTLE_MS = 150;

/** The page's main heading, once drawn. */
const headingIn = (main: HTMLElement) => main.querySelector<HTMLElement>('h1');

/**
 * Follows one page change: the focus goes to the new page's `h1` (made focusable, tabindex -1)
 * once drawn, to `main` until then, and the page's title is said. The focus moves only while it
 * is where the navigation left it (a header link, <body> once the link left with its page, or
 * `main` put there meanwhile): a page that took it on mount (a form's first field) or a person
 * who moved on keeps it. Answers a cancel.
 */
function followPageChange(main: HTMLElement, moveFocus: boolean, say: (text: string) => void): () => void {
  say('');
  const titleBefore = document.title;
  let left: Element | null = document.activeElement;
  // The control used is still in the page (a conversation in a list that stays): the page
  // changed around it, and the focus stays there.
  let placed = !moveFocus || (left !== null && left !== main && main.contains(left));
  let announced = false;
  let said = false;
  let announcing: ReturnType<typeof setTimeout> | undefined;
  const place = () => {
    const active = document.activeElement;
    if (active && active !== document.body && active !== left) return true;
    const heading = headingIn(main);
    if (heading) {
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
      return true;
    }
    if (active !== main) main.focus({ preventScroll: true });
    left = main;
    return false;
  };
  const announce = () => {
    announced = true;
    announcing = setTimeout(() => {
      // Named in the meantime by a page still loading: said once its own title comes.
      if (isTitlePending()) {
        announced = false;
        return;
      }
      said = true;
      say(document.title);
      if (placed) stopWatching();
    }, SETTLE_MS);
  };
  const check = () => {
    if (!placed) placed = place();
    // A page still loading its data shows the kind of page ('Product · Rethread'): the title
    // said is the one it gets (usePageMeta's `pending`).
    if (!announced && !isTitlePending() && (headingIn(main) || document.title !== titleBefore)) announce();
    if (placed && said) stopWatching();
  };
  const observer = new MutationObserver(check);
  const giveUp = setTimeout(() => {
    stopWatching();
    if (!said) say(document.title);
  }, PATIENCE_MS);
  function stopWatching() {
    observer.disconnect();
    clearTimeout(giveUp);
  }
  observer.observe(main, { childList: true, subtree: true });
  observer.observe(document.head, { childList: true, subtree: true, characterData: true });
  check();
  return () => {
    stopWatching();
    clearTimeout(announcing);
  };
}

/**
 * What a page change does for keyboard and screen-reader users, as a new document would: after
 * a client-side navigation (a link, a redirect after an action, Back) the focus goes to the new
 * page's `h1` (or `main` while it loads), so the next Tab starts in the page, not at "Skip to
 * content", and the page's title (`document.title`, lib/page-meta.ts) is said in a polite live
 * region. Not on the first load (a redirect before the visitor has pressed anything is part of
 * it), not when only the query or the hash changes (a filter of the shop keeps the focus), and
 * not to a `#part` of a page (scroll-memory's revealTarget focuses the part). Pages need
 * nothing: no ref, no tabIndex on their `h1`. Rendered by the layout before `main`.
 */
export function PageChangeFocus({ main }: { main: RefObject<HTMLElement | null> }) {
  const { pathname, hash } = useLocation();
  const [said, setSaid] = useState('');
  const shown = useRef(pathname);
  const acted = useRef(false);
  const following = useRef<(() => void) | null>(null);

  useEffect(() => {
    const act = () => {
      acted.current = true;
    };
    const options = { capture: true, once: true };
    document.addEventListener('pointerdown', act, options);
    document.addEventListener('keydown', act, options);
    return () => {
      document.removeEventListener('pointerdown', act, options);
      document.removeEventListener('keydown', act, options);
      following.current?.();
    };
  }, []);

  // A layout effect, before the new page's own (a field's autoFocus): where the navigation
  // left the focus is read before the page takes it.
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    following.current?.();
    following.current = null;
    if (acted.current && main.current) following.current = followPageChange(main.current, !hash, setSaid);
  }, [pathname, hash, main]);

  return (
    <VisuallyHidden role="status" aria-atomic="true">
      {said}
    </VisuallyHidden>
  );
}
