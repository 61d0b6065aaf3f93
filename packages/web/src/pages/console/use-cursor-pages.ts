import { useCallback, useState } from "react";

/**
 * Cursor pagination for Cloudscape's Pagination: page i is fetched with cursors[i] (null for the first); a page
 * that answers a cursor makes the next page known. Starts over when `resetKey` changes.
 */
export function useCursorPages(resetKey: string) {
  const [state, setState] = useState<{ key: string; cursors: (string | null)[]; index: number }>({ key: resetKey, cursors: [null], index: 0 });
  const current = state.key === resetKey ? state : { key: resetKey, cursors: [null], index: 0 };
  if (current !== state) setState(current);

  const learn = useCallback(
    (pageIndex: number, next: string | null) =>
      setState((s) => (s.key === resetKey && next && s.cursors.length === pageIndex + 1 ? { ...s, cursors: [...s.cursors, next] } : s)),
    [resetKey],
  );

  return {
    cursor: current.cursors[current.index],
    pageIndex: current.index,
    pagesCount: current.cursors.length,
    setPageIndex: (index: number) => setState((s) => ({ ...s, index: Math.max(0, Math.min(index, s.cursors.length - 1)) })),
    learn,
  };
}
