import { useLayoutEffect, type RefObject } from 'react';

/** The property app-layout.module.css reads for the page's scroll-padding-top. */
export const HEADER_HEIGHT = '--header-height';

/**
 * Keeps `--header-height` on the document at the sticky header's height (it changes with the
 * signed-in tabs, a wrapping row, the layout): the browser then scrolls what takes the focus
 * (Tab, Shift+Tab, a phone's next-field arrow, an anchor) clear of the header instead of
 * under it.
 */
export function useHeaderHeight(header: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = header.current;
    if (!element) return undefined;
    const root = document.documentElement;
    const measure = () => root.style.setProperty(HEADER_HEIGHT, `${Math.round(element.offsetHeight)}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(HEADER_HEIGHT);
    };
  }, [header]);
}
