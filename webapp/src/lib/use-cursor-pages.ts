import { useCallback, useMemo, useState } from 'react';

/**
 * Page-by-page navigation over a keyset-paged list (`{items, nextCursor}`, the server's one
 * paging home): remembers the cursors of the pages already visited, so Previous goes back
 * and Next follows `nextCursor`. A table that must stay short (never an endless scroll) uses
 * this with `<Pager>`; changing `resetKey` (a search, a filter) returns to the first page.
 */
export function useCursorPages(resetKey: string) {
  const [state, setState] = useState<{ key: string; stack: (string | null)[] }>({
    key: resetKey,
    stack: [null],
  });
  const stack = useMemo(() => (state.key === resetKey ? state.stack : [null]), [state, resetKey]);
  const next = useCallback(
    (cursor: string) => setState({ key: resetKey, stack: [...stack, cursor] }),
    [resetKey, stack],
  );
  const previous = useCallback(
    () => setState({ key: resetKey, stack: stack.length > 1 ? stack.slice(0, -1) : stack }),
    [resetKey, stack],
  );
  return { cursor: stack[stack.length - 1], page: stack.length, next, previous };
}
