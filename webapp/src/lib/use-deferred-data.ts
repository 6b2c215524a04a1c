import { useDeferredValue } from 'react';

/**
 * A query's data, rendered in the background when it arrives. react-query's store updates
 * render synchronously, so a page of cards or a whole product page arriving used to be one
 * long task (150-300 ms on a mid-range phone, docs/decisions/page-start-up.md); through
 * `useDeferredValue` React renders it in slices and keeps showing what it showed until done.
 *
 * `waiting`: nothing to show yet and no error either (show the skeleton or loader).
 */
export function useDeferredData<T>(query: { data: T | undefined; isError: boolean }): {
  data: T | undefined;
  waiting: boolean;
} {
  const data = useDeferredValue(query.data);
  return { data, waiting: data === undefined && !query.isError };
}
