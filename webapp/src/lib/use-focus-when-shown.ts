import { useCallback, useEffect, useRef } from 'react';

/** What to focus once the action's result is drawn: null (or undefined) while it is not yet. */
export type FocusFinder = () => HTMLElement | null | undefined;

interface Request {
  find: FocusFinder;
  /** What had the focus when the request was made. */
  from: Element | null;
  until: number;
}

/** A request not met by then lapses (an answer that never came, a list that failed to load). */
const PATIENCE_MS = 10_000;

/**
 * Where the keyboard goes after an action that removes or replaces what had the focus (a
 * button swapped for a form, a card taken off a list, a form answered by a message): without
 * this the browser drops the focus on <body>, a screen reader says nothing and the next Tab
 * starts from the top of the page.
 *
 *   const focusWhenShown = useFocusWhenShown();
 *   onSuccess: () => focusWhenShown(() => heading.current)
 *
 * Right after the request, and after each render of the calling component until it is met
 * (so call it in the component whose state or data the action changes), `find` is asked for
 * the element to focus; once it answers one that is in the page, that element takes the
 * focus and the request ends. `find` answers null until the new content is there (e.g. while
 * the removed card is still drawn). The focus moves only if it was lost (on <body>) or is
 * still where it was when asked: a person who went on elsewhere meanwhile keeps their place.
 * The target must be focusable: a control, or a heading or message with `tabIndex={-1}`. A
 * dialog that closes with the action must not hand the focus back as well
 * (`ConfirmDialog returnFocus={false}`).
 */
export function useFocusWhenShown(): (find: FocusFinder) => void {
  const pending = useRef<Request | null>(null);
  const attempt = useCallback(() => {
    const request = pending.current;
    if (!request) return;
    if (Date.now() > request.until) {
      pending.current = null;
      return;
    }
    const target = request.find();
    if (!target?.isConnected) return;
    pending.current = null;
    const active = document.activeElement;
    if (!active || active === document.body || active === request.from) target.focus();
  }, []);
  useEffect(attempt);
  return useCallback(
    (find: FocusFinder) => {
      pending.current = { find, from: document.activeElement, until: Date.now() + PATIENCE_MS };
      // Already drawn (the data arrived before the action's callback ran): no render may follow.
      setTimeout(attempt, 0);
    },
    [attempt],
  );
}

/** The attribute that marks the items of a list for `nextAfterRemoving`, with each one's key. */
const LIST_ITEM = 'data-list-item';

/**
 * A finder for when an item leaves a list (deleted, resolved): once it is no longer drawn,
 * the item that took its place, or the new last one, else `fallback` (the list's heading or
 * its empty state). Items carry `data-list-item={key}` and are focusable (`tabIndex={-1}`). Call
 * it while the item is still there: its position is read then.
 */
export function nextAfterRemoving(
  list: { current: HTMLElement | null },
  key: string | number,
  fallback: FocusFinder,
): FocusFinder {
  const items = () => [...(list.current?.querySelectorAll<HTMLElement>(`[${LIST_ITEM}]`) ?? [])];
  const drawn = (item: HTMLElement) => item.getAttribute(LIST_ITEM) === String(key);
  const index = Math.max(0, items().findIndex(drawn));
  return () => {
    const now = items();
    if (now.some(drawn)) return null;
    return now[Math.min(index, now.length - 1)] ?? fallback();
  };
}

/** The attribute that marks an item's own remove control, for `removeControlOf`. */
const REMOVE_CONTROL = 'data-remove';

/**
 * `find`'s list item narrowed to its remove control (`data-remove`), so after one remove the
 * keyboard is on the next one (the bag's items, a seller's discounts); the fallback (a heading,
 * a button) as it is.
 */
export function removeControlOf(find: FocusFinder): FocusFinder {
  return () => {
    const found = find();
    return found?.querySelector<HTMLElement>(`[${REMOVE_CONTROL}]`) ?? found;
  };
}
