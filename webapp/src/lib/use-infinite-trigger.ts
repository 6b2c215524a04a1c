import { useEffect, useEffectEvent, useState } from 'react';

/**
 * Calls `onVisible` when the element given the returned ref scrolls into view (with some
 * margin), so the next page loads before the reader reaches the end. The page keeps a Load
 * more button too.
 *
 * The ref is a callback ref kept in state: the element is a dependency of the effect, so a
 * trigger that mounts after the next page became available (it renders only once the cards
 * have) is still watched. Pass `enabled` false while a page loads: enabling again makes a new
 * observer, which reports at once if the trigger is still in view.
 */
export function useInfiniteTrigger<T extends Element>(onVisible: () => void, enabled: boolean) {
  const [element, setElement] = useState<T | null>(null);
  const visible = useEffectEvent(onVisible);

  useEffect(() => {
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) visible();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, element]);

  return setElement;
}
