import { useEffect, useRef } from 'react';

/** A card (an offer, an order) keeps the focus when an answer removes the button that had it
 *  (Accept, Withdraw, Mark as Delivered, a form swapped back for its button): the browser
 *  would drop it on the page, and the next Tab would start from the top. Only when the focus
 *  is lost: a change elsewhere never moves it. The card takes `tabIndex={-1}`. */
export function useCardFocus<T extends HTMLElement>(status: string) {
  const card = useRef<T>(null);
  const last = useRef(status);
  useEffect(() => {
    if (last.current === status) return;
    last.current = status;
    const active = document.activeElement;
    if (!active || active === document.body) card.current?.focus({ preventScroll: true });
  }, [status]);
  return card;
}
