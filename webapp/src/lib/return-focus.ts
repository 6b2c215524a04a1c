import { useLayoutEffect, useRef } from 'react';

/** Looks after Mantine's own return (10 ms after a modal closes), so this only ever rescues,
 *  and again while the closing dialog fades out still holding the focus (its × or Cancel). */
const LOOK_EVERY_MS = 30;
const LOOK_FOR_MS = 1000;
/** Where a focus is only passing: the closing dialog, or the menu that opened it, which is
 *  still fading out when the dialog is closed at once (Mantine hands the focus back to it). */
const LEAVING = '[role="dialog"], [role="menu"]';

interface Origin {
  /** What opened the dialog: a button, or the button of the menu whose item did. */
  element: HTMLElement;
  /** The nearest focusable box around it (an offer or order card, else the page's main). */
  holder: HTMLElement | null;
}

/** The control behind the focus: a menu item stands for its menu's button (Mantine labels
 *  a menu's dropdown by its target), since the menu closes as the dialog opens. */
export function originOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest('[role="menu"][aria-labelledby]');
  const target = menu && document.getElementById(menu.getAttribute('aria-labelledby') ?? '');
  return target ?? active;
}

function originNow(): Origin | null {
  const element = originOf(document.activeElement);
  if (!element) return null;
  return { element, holder: element.parentElement?.closest<HTMLElement>('[tabindex="-1"]') ?? null };
}

/**
 * A dialog gives the keyboard back to what opened it when it closes (Mantine does). When that
 * control is gone by then (a menu item, or Accept Counter on an offer the dialog just
 * accepted), the browser dropped the focus on <body>, a screen reader said nothing and the
 * next Tab started from the top of the page: the focus goes to the opener's menu button, else
 * to the card (or page) that held it. It never moves a focus that landed somewhere.
 */
export function useReturnFocus(opened: boolean, enabled = true): void {
  const origin = useRef<Origin | null>(null);
  useLayoutEffect(() => {
    if (!enabled) return undefined;
    if (opened) {
      origin.current = originNow();
      return undefined;
    }
    const saved = origin.current;
    origin.current = null;
    if (!saved) return undefined;
    let waited = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = () => {
      const active = document.activeElement;
      const lost = !active || active === document.body;
      if (!lost) {
        // Still in the dialog, or back on the menu item, on their way out: look again;
        // anywhere else: it landed.
        waited += LOOK_EVERY_MS;
        if (active.closest(LEAVING) && waited < LOOK_FOR_MS) timer = setTimeout(look, LOOK_EVERY_MS);
        return;
      }
      const target = [saved.element, saved.holder].find((element) => element?.isConnected);
      target?.focus({ preventScroll: true });
    };
    timer = setTimeout(look, LOOK_EVERY_MS);
    return () => clearTimeout(timer);
  }, [opened, enabled]);
}
