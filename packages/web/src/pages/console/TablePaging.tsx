import Box from "@cloudscape-design/components/box";
import CollectionPreferences from "@cloudscape-design/components/collection-preferences";
import Pagination from "@cloudscape-design/components/pagination";
import TextFilter from "@cloudscape-design/components/text-filter";
import type { ReactNode } from "react";
import type { useCursorPages } from "./use-cursor-pages";
import { pageSizeOptions } from "./use-page-size";

/** A console table's cursor pages as Cloudscape's Pagination (the pages themselves come from useCursorPages). */
export function CursorPagination({ pages }: { pages: ReturnType<typeof useCursorPages> }) {
  return (
    <Pagination
      currentPageIndex={pages.pageIndex + 1}
      pagesCount={pages.pagesCount}
      onChange={({ detail }) => pages.setPageIndex(detail.currentPageIndex - 1)}
      ariaLabels={{ nextPageLabel: "Next page", previousPageLabel: "Previous page", pageLabel: (n) => `Page ${n}` }}
    />
  );
}

/** The orders tables' page-size preference (kept in local storage by usePageSize). */
export function OrdersPerPage({ pageSize, onChange }: { pageSize: number; onChange: (size: number) => void }) {
  return (
    <CollectionPreferences
      title="Preferences"
      confirmLabel="Confirm"
      cancelLabel="Cancel"
      preferences={{ pageSize }}
      pageSizePreference={{ title: "Orders per page", options: pageSizeOptions }}
      onConfirm={({ detail }) => detail.pageSize && onChange(detail.pageSize)}
    />
  );
}

/**
 * The orders tables' search box (the queue's and Admin Orders'): by number, name, email, phone or bag, searched on the
 * server; `countText` says how many of the page match, where the table shows one.
 */
export function OrderSearch({ text, onChange, countText }: { text: string; onChange: (text: string) => void; countText?: string }) {
  return (
    <TextFilter
      filteringText={text}
      filteringPlaceholder="Search orders by number, name, email, phone or bag"
      filteringAriaLabel="Search orders"
      filteringClearAriaLabel="Clear order search"
      onChange={({ detail }) => onChange(detail.filteringText)}
      countText={countText}
    />
  );
}

/**
 * What a console table over one page of a cursor-paged query is given alike: the page's rows (tracked by id),
 * the query's loading state, the pages below it, and what it says when there is no row.
 */
export function pagedRows<T>(query: { isPending: boolean }, pages: ReturnType<typeof useCursorPages>, items: readonly T[], loadingText: string, empty: ReactNode) {
  return {
    items,
    trackBy: "id",
    loading: query.isPending,
    loadingText,
    pagination: <CursorPagination pages={pages} />,
    empty: (
      <Box textAlign="center" color="inherit" padding="m">
        {empty}
      </Box>
    ),
  } as const;
}
