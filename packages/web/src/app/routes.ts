import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { Access } from "../auth/access";

export interface PageRoute {
  /** react-router path syntax: `/orders/:id`. */
  path: string;
  access: Access;
  /** Loaded on first visit, so each page (and the Cloudscape console) stays out of the landing bundle. */
  page: LazyExoticComponent<ComponentType>;
  /** How long the 'Login Required' toast shows before /api/login (the guard's default is 1 s). */
  loginRedirectDelayMs?: number;
}

/** Every page of the site. A new page is one line here. */
export const pageRoutes: PageRoute[] = [
  { path: "/", access: "public", page: lazy(() => import("../pages/landing/LandingPage")) },
  { path: "/login", access: "public", page: lazy(() => import("../pages/login/LoginPage")) },
  { path: "/logout", access: "public", page: lazy(() => import("../pages/LogoutPage")) },
  { path: "/booking", access: "public", page: lazy(() => import("../pages/booking/BookingPage")) },
  { path: "/my-grips", access: "customer", page: lazy(() => import("../pages/my-grips/MyGripsPage")), loginRedirectDelayMs: 500 },
  { path: "/orders/:id", access: "customer", page: lazy(() => import("../pages/orders/OrderPage")) },
  { path: "/profile", access: "customer", page: lazy(() => import("../pages/profile/ProfilePage")) },
  { path: "/shop-tools", access: "customer", page: lazy(() => import("../pages/shop-tools/ShopToolsPage")) },
  { path: "/terms", access: "public", page: lazy(() => import("../pages/legal/TermsPage")) },
  { path: "/privacy", access: "public", page: lazy(() => import("../pages/legal/PrivacyPage")) },
];

/** Old addresses kept working. */
export const redirects: { from: string; to: string }[] = [
  { from: "/dashboard", to: "/booking" },
  { from: "/book", to: "/booking" },
  { from: "/paddles", to: "/my-grips" },
  { from: "/order-history", to: "/my-grips" },
];
