import { ADMIN_ONLY } from "@regrip/core/shared/communications";
import { lazyChunk } from "../../lib/load-chunk";
import { AdminOnly } from "./AdminOnly";

/**
 * The console's pages by name, each loaded on first visit. Kept here, in a chunk of the console's own, rather than
 * in app/routes.ts: every `import()` there (with the list of files Vite preloads beside it) sits in the entry chunk
 * that customers load too, and the landing page's first load is budgeted at 90 KB gzip.
 */
const pages = {
  queue: lazyChunk(() => import("./queue/QueuePage")),
  storefront: lazyChunk(() => import("./storefront/StorefrontPage")),
  "quick-sale": lazyChunk(() => import("./quick-sale/QuickSalePage")),
  "admin-orders": lazyChunk(() => import("./admin-orders/AdminOrdersPage")),
  dashboard: lazyChunk(() => import("./dashboard/DashboardPage")),
  reports: lazyChunk(() => import("./reports/ReportsPage")),
  products: lazyChunk(() => import("./products/ProductsPage")),
  promotions: lazyChunk(() => import("./promotions/PromotionsPage")),
  packs: lazyChunk(() => import("./packs/PacksPage")),
  "money-settings": lazyChunk(() => import("./settings/MoneySettingsPage")),
  "shop-details": lazyChunk(() => import("./settings/ShopDetailsPage")),
  communications: lazyChunk(() => import("./communications/CommunicationsPage")),
  bags: lazyChunk(() => import("./bags/BagsPage")),
  "bag-labels": lazyChunk(() => import("./bags/BagLabelsPage")),
  scan: lazyChunk(() => import("./scan/ScanPage")),
  order: lazyChunk(() => import("./orders/StaffOrderPage")),
  customer: lazyChunk(() => import("./customers/CustomerPage")),
  "order-ticket": lazyChunk(() => import("./orders/WorkTicketPage")),
  "storefront-booking": lazyChunk(() => import("./storefront-booking/StorefrontBookingPage")),
  subscribers: lazyChunk(() => import("./subscribers/SubscribersPage")),
  partners: lazyChunk(() => import("./partners/PartnersPage")),
  schedule: lazyChunk(() => import("./schedule/SchedulePage")),
  messages: lazyChunk(() => import("./messages/MessagesPage")),
  staff: lazyChunk(() => import("./staff/StaffPage")),
  audit: lazyChunk(() => import("./audit/AuditTrailPage")),
  drawer: lazyChunk(() => import("./drawer/DrawerPage")),
};

export type ConsolePageName = keyof typeof pages;

/**
 * What an admin page says to other staff, under its own heading: the spec's 'You don't have permission to access the
 * admin panel.', and communications' own 'Access denied - Admin only'.
 */
const adminRefusal: Partial<Record<ConsolePageName, { title: string; message?: string }>> = {
  dashboard: { title: "Admin Dashboard" },
  reports: { title: "Reports" },
  products: { title: "Product Management" },
  promotions: { title: "Promotions" },
  packs: { title: "Packs" },
  "money-settings": { title: "Money settings" },
  "shop-details": { title: "Shop details" },
  communications: { title: "Communications Log", message: ADMIN_ONLY },
  subscribers: { title: "Subscribers" },
  partners: { title: "Partners" },
  schedule: { title: "Schedule" },
  staff: { title: "Staff" },
  audit: { title: "Audit trail" },
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
