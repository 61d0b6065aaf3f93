import CollectionPreferences from "@cloudscape-design/components/collection-preferences";
import Pagination from "@cloudscape-design/components/pagination";
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
