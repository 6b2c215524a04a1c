import { startTransition, useEffect, useState } from 'react';

/** Cards added per step: one step's commit stays well under 50 ms on a slow phone. */
export const GRADUAL_STEP = 2;

/**
 * How many of a list's `total` items to render: items that arrive while the component is on
 * screen are added `step` at a time, one step per task, each as a transition (React renders
 * it in slices and commits only those few cards). A page of twelve feed cards arriving at
 * once was one 400 ms task on a mid-range phone (docs/decisions/page-start-up.md); rendered
 * this way no task is long and the first cards paint first.
 *
 * react-query's updates render synchronously, so the render in which the items arrive shows
 * none of them (answer 0): show the skeleton or keep the first view until the count is above
 * zero. Items already there when the component mounts (a page come back to from the cache)
 * show at once, so Back restores the whole list. When the list shrinks (another filter), the
 * count follows it down and the next items come gradually again.
 */
export function useGradualCount(total: number, step = GRADUAL_STEP): number {
  const [shown, setShown] = useState(total);
  if (total < shown) setShown(total);

  useEffect(() => {
    if (shown >= total) return undefined;
    const timer = window.setTimeout(
      () => startTransition(() => setShown((count) => Math.min(total, count + step))),
      0,
    );
    return () => window.clearTimeout(timer);
  }, [shown, total, step]);

  return Math.min(shown, total);
}
