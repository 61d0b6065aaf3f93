import type { TableProps } from "@cloudscape-design/components/table";
import { useSyncExternalStore } from "react";

/**
 * A phone's width: under Cloudscape's 689 px breakpoint (the console's navigation folds away there too). A table
 * this narrow is narrower than its columns, so Cloudscape turns its sticky columns off and a last-column Actions
 * starts off-screen.
 */
const NARROW = "(max-width: 688px)";

function subscribe(changed: () => void): () => void {
  const query = window.matchMedia(NARROW);
  query.addEventListener("change", changed);
  return () => query.removeEventListener("change", changed);
}

/** True on a phone-sized screen, kept up to date as the window turns or resizes. */
export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW).matches,
    () => false,
  );
}

/**
 * The console's one way to keep a table's actions in reach on a phone, without scrolling sideways: the columns
 * named in `first` (what names the row, a bag or a code, then its buttons, menus and toggles) come first, in that
 * order, on a narrow screen; on a wide one the columns stay as written and `sticky` keeps the actions column in
 * view. Spread onto a Table: `<Table {...useActionsInReach(columns, ["code", "actions"])} />`.
 */
export function useActionsInReach<T>(
  columns: readonly TableProps.ColumnDefinition<T>[],
  first: readonly string[],
  sticky: TableProps.StickyColumns = { first: 0, last: 1 },
): Pick<TableProps<T>, "columnDefinitions" | "stickyColumns"> {
  if (!useNarrow()) return { columnDefinitions: columns, stickyColumns: sticky };
  const leading = first.flatMap((id) => columns.filter((column) => column.id === id));
  return { columnDefinitions: [...leading, ...columns.filter((column) => !leading.includes(column))] };
}
