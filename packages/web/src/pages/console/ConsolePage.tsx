import { ADMIN_ONLY } from "@regrip/core/shared/communications";
import { lazy } from "react";
import { AdminOnly } from "./AdminOnly";

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
  "money-settings": lazy(() => import("./settings/MoneySettingsPage")),
  communications: lazy(() => import("./communications/CommunicationsPage")),
  bags: lazy(() => import("./bags/BagsPage")),
  "bag-labels": lazy(() => import("./bags/BagLabelsPage")),
  scan: lazy(() => import("./scan/ScanPage")),
  order: lazy(() => import("./orders/StaffOrderPage")),
  "storefront-booking": lazy(() => import("./storefront-booking/StorefrontBookingPage")),
  subscribers: lazy(() => import("./subscribers/SubscribersPage")),
  partners: lazy(() => import("./partners/PartnersPage")),
  schedule: lazy(() => import("./schedule/SchedulePage")),
  messages: lazy(() => import("./messages/MessagesPage")),
};

export type ConsolePageName = keyof typeof pages;

/**
 * What an admin page says to other staff, under its own heading: the spec's 'You don't have permission to access the
 * admin panel.', and communications' own 'Access denied - Admin only'.
 */
const adminRefusal: Partial<Record<ConsolePageName, { title: string; message?: string }>> = {
  dashboard: { title: "Admin Dashboard" },
  products: { title: "Product Management" },
  promotions: { title: "Promotions" },
  "money-settings": { title: "Money settings" },
  communications: { title: "Communications Log", message: ADMIN_ONLY },
  subscribers: { title: "Subscribers" },
  partners: { title: "Partners" },
  schedule: { title: "Schedule" },
};

/**
 * One console page by its name in app/routes.ts's consoleRoutes. An admin page (`adminOnly`) is loaded only for
 * admins; other staff read why they may not use it, and the page asks the admin routes nothing.
 */
export default function ConsolePage({ name, adminOnly = false }: { name: ConsolePageName; adminOnly?: boolean }) {
  const Page = pages[name];
  if (!adminOnly) return <Page />;
  const refusal = adminRefusal[name] ?? { title: "Admin" };
  return (
    <AdminOnly title={refusal.title} message={refusal.message}>
      <Page />
    </AdminOnly>
  );
}
