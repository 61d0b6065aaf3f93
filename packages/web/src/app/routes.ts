import type { ComponentType } from "react";
import type { ConsolePageName } from "../pages/console/ConsolePage";
import type { RoleAccess } from "@regrip/core/shared/access";
import { RECEIPT_PAGE_PATH } from "@regrip/core/shared/receipts";

export interface PageRoute {
  /** react-router path syntax: `/orders/:id`. */
  path: string;
  access: RoleAccess;
  /**
   * The page's module, imported on first visit, so each page (and the Cloudscape console) stays out of the
   * landing bundle. AppRoutes.tsx makes it a lazy component inside the query client's scope and the access guard.
   */
  page: () => Promise<{ default: ComponentType }>;
  /** How long the 'Login Required' toast shows before /api/login (the guard's default is 1 s). */
  loginRedirectDelayMs?: number;
  /**
   * `false` for a public page that reads no data (no TanStack Query hook below it): it renders without the query
   * client, so its first load (the landing page's is budgeted at 90 KB gzip) carries no TanStack Query.
   */
  queries?: false;
}

/** Every page of the site. A new page is one line here. */
export const pageRoutes: PageRoute[] = [
  { path: "/", access: "public", page: () => import("../pages/landing/LandingPage"), queries: false },
  { path: "/login", access: "public", page: () => import("../pages/login/LoginPage") },
  { path: "/logout", access: "public", page: () => import("../pages/LogoutPage") },
  { path: "/booking", access: "public", page: () => import("../pages/booking/BookingPage") },
  { path: "/my-grips", access: "customer", page: () => import("../pages/my-grips/MyGripsPage"), loginRedirectDelayMs: 500 },
  { path: "/orders/:id", access: "customer", page: () => import("../pages/orders/OrderPage") },
  // A counter sale's receipt: public, its unguessable link is the key (a walk-in has no account).
  { path: RECEIPT_PAGE_PATH, access: "public", page: () => import("../pages/receipt/ReceiptPage") },
  { path: "/profile", access: "customer", page: () => import("../pages/profile/ProfilePage") },
  { path: "/shop-tools", access: "customer", page: () => import("../pages/shop-tools/ShopToolsPage") },
  // Public and prerendered: the on-site days and delivery runs at partner clubs (it fetches the schedule itself).
  { path: "/onsite", access: "public", page: () => import("../pages/onsite/ClubDaysPage"), queries: false },
  // Public and prerendered (a shell): what a bag's QR label opens; staff signed in are sent on to the order.
  { path: "/b/:slug", access: "public", page: () => import("../pages/bag/BagPage"), queries: false },
  { path: "/terms", access: "public", page: () => import("../pages/legal/TermsPage"), queries: false },
  { path: "/privacy", access: "public", page: () => import("../pages/legal/PrivacyPage"), queries: false },
];

export interface ConsoleRoute {
  path: string;
  /**
   * Staff (EMPLOYEE or ADMIN) or admin only; the console as a whole is for staff. An admin page tells other staff
   * itself why they cannot use it (the spec's 'You don't have permission to access the admin panel.'; communications:
   * 'Access denied - Admin only'), under its own heading (pages/console/ConsolePage.tsx). The side navigation
   * follows `access` too.
   */
  access: "staff" | "admin";
  /** The page by name (pages/console/ConsolePage.tsx, a chunk of the console's own, holds the imports). */
  page: ConsolePageName;
  /** The side navigation's entry, in this array's order; a page without one is reached from another page. */
  nav?: string;
}

/** The staff console's pages, inside ConsoleLayout. A new page is one line here; `nav` puts it in the side navigation. */
export const consoleRoutes: ConsoleRoute[] = [
  { path: "/queue", access: "staff", page: "queue", nav: "Service Queue" },
  { path: "/staff-queue", access: "staff", page: "queue" },
  { path: "/queue/orders/:id", access: "staff", page: "order" },
  { path: "/queue/orders/:id/ticket", access: "staff", page: "order-ticket" },
  { path: "/storefront", access: "staff", page: "storefront", nav: "Storefront" },
  { path: "/quick-sale", access: "staff", page: "quick-sale", nav: "Quick Sale" },
  { path: "/customers/:id", access: "staff", page: "customer" },
  { path: "/drawer", access: "staff", page: "drawer", nav: "Drawer" },
  { path: "/messages", access: "staff", page: "messages", nav: "Messages" },
  { path: "/messages/:id", access: "staff", page: "messages" },
  { path: "/admin", access: "admin", page: "dashboard", nav: "Dashboard" },
  { path: "/admin/reports", access: "admin", page: "reports", nav: "Reports" },
  { path: "/admin/orders", access: "staff", page: "admin-orders", nav: "Admin Orders" },
  { path: "/admin/products", access: "admin", page: "products", nav: "Products" },
  { path: "/admin/promotions", access: "admin", page: "promotions", nav: "Promotions" },
  { path: "/admin/packs", access: "admin", page: "packs", nav: "Packs" },
  { path: "/admin/settings/money", access: "admin", page: "money-settings", nav: "Money settings" },
  { path: "/admin/settings/shops", access: "admin", page: "shop-details", nav: "Shop details" },
  { path: "/admin/subscribers", access: "admin", page: "subscribers", nav: "Subscribers" },
  { path: "/admin/partners", access: "admin", page: "partners", nav: "Partners" },
  { path: "/admin/schedule", access: "admin", page: "schedule", nav: "Schedule" },
  { path: "/admin/communications", access: "admin", page: "communications", nav: "Communications" },
  { path: "/admin/staff", access: "admin", page: "staff", nav: "Staff" },
  { path: "/admin/audit", access: "admin", page: "audit", nav: "Audit trail" },
  { path: "/bags", access: "staff", page: "bags", nav: "Bags" },
  { path: "/bags/labels", access: "staff", page: "bag-labels" },
  { path: "/scan", access: "staff", page: "scan", nav: "Scan a Bag" },
  { path: "/storefrontbooking", access: "staff", page: "storefront-booking" },
  { path: "/storefrontbooking/:customerId", access: "staff", page: "storefront-booking" },
];

/** Old addresses kept working. */
export const redirects: { from: string; to: string }[] = [
  { from: "/dashboard", to: "/booking" },
  { from: "/book", to: "/booking" },
  { from: "/paddles", to: "/my-grips" },
  { from: "/order-history", to: "/my-grips" },
];
