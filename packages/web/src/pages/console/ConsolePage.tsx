import { lazy } from "react";

/**
 * The console's pages by name, each loaded on first visit. Kept here, in a chunk of the console's own, rather than
 * in app/routes.ts: every `import()` there (with the list of files Vite preloads beside it) sits in the entry chunk
 * that customers load too, and the landing page's first load is budgeted at 90 KB gzip.
 */
const pages = {
  queue: lazy(() => import("./queue/QueuePage")),
  storefront: lazy(() => import("./storefront/StorefrontPage")),
  "quick-sale": lazy(() => import("./quick-sale/QuickSalePage")),
  "admin-orders": lazy(() => import("./admin-orders/AdminOrdersPage")),
  dashboard: lazy(() => import("./dashboard/DashboardPage")),
  products: lazy(() => import("./products/ProductsPage")),
  promotions: lazy(() => import("./promotions/PromotionsPage")),
  communications: lazy(() => import("./communications/CommunicationsPage")),
  bags: lazy(() => import("./bags/BagsPage")),
  "bag-labels": lazy(() => import("./bags/BagLabelsPage")),
  scan: lazy(() => import("./scan/ScanPage")),
  "storefront-booking": lazy(() => import("./storefront-booking/StorefrontBookingPage")),
};

export type ConsolePageName = keyof typeof pages;

/** One console page by its name in app/routes.ts's consoleRoutes. */
export default function ConsolePage({ name }: { name: ConsolePageName }) {
  const Page = pages[name];
  return <Page />;
}
