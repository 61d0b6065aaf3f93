import type { SideNavigationProps } from "@cloudscape-design/components/side-navigation";
import { isAdmin } from "../../auth/roles";
import type { ConsoleRoute } from "../../app/routes";
import type { CurrentUser } from "@regrip/core/shared/users";

/** The side navigation for this viewer: every console page with a `nav` entry they may open, in the table's order. */
export function consoleNavItems(routes: readonly ConsoleRoute[], user: CurrentUser | null | undefined): SideNavigationProps.Link[] {
  return routes
    .filter((route) => route.nav && (route.access === "staff" || isAdmin(user)))
    .map((route) => ({ type: "link", text: route.nav!, href: route.path }));
}

/** The entry to highlight: the page's own, else the longest entry its path starts with (/bags/labels under /bags). */
export function activeNavHref(pathname: string, items: readonly SideNavigationProps.Link[]): string | undefined {
  if (pathname === "/staff-queue") return "/queue";
  const matches = items.filter((item) => pathname === item.href || pathname.startsWith(`${item.href}/`));
  return matches.sort((a, b) => b.href.length - a.href.length)[0]?.href;
}
