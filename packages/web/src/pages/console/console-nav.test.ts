import { describe, expect, it } from "vitest";
import type { ConsoleRoute } from "../../app/routes";
import { customer } from "../../test/render";
import { activeNavHref, consoleNavItems } from "./console-nav";

const page = {} as ConsoleRoute["page"];
const routes: ConsoleRoute[] = [
  { path: "/queue", access: "staff", page, nav: "Service Queue" },
  { path: "/staff-queue", access: "staff", page },
  { path: "/bags", access: "staff", page, nav: "Bags" },
  { path: "/bags/labels", access: "staff", page },
  { path: "/admin/products", access: "admin", page, nav: "Products" },
];

describe("console navigation", () => {
  it("lists the staff pages for an employee and the admin pages too for an admin, in the table's order", () => {
    expect(consoleNavItems(routes, customer({ roles: ["CUSTOMER", "EMPLOYEE"] })).map((item) => item.text)).toEqual(["Service Queue", "Bags"]);
    expect(consoleNavItems(routes, customer({ roles: ["CUSTOMER", "ADMIN"] })).map((item) => item.text)).toEqual([
      "Service Queue",
      "Bags",
      "Products",
    ]);
  });

  it("highlights the page's entry, its parent's for a page without one, and the queue for /staff-queue", () => {
    const items = consoleNavItems(routes, customer({ roles: ["ADMIN"] }));
    expect(activeNavHref("/bags", items)).toBe("/bags");
    expect(activeNavHref("/bags/labels", items)).toBe("/bags");
    expect(activeNavHref("/staff-queue", items)).toBe("/queue");
    expect(activeNavHref("/bagsy", items)).toBeUndefined();
  });
});
