import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { AUDIT_TARGET_TYPES } from "../entities/enums";
import { AUDIT_ACTION_WORDS, auditChangesText, auditEntryWords } from "./audit";

const coreSources = fileURLToPath(new URL("..", import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/**
 * The actions the code writes: every `action: "..."` literal, and every `"<target>.<verb>"` literal whose target is
 * an audit target type (or `customer`, the user items staff make) or one already named here, so an action handed
 * to a helper (`auditWrite(entities, actor, "customer.created", ...)`) is read too.
 */
function writtenActions(): Set<string> {
  const known = new Set<string>([...AUDIT_TARGET_TYPES, "customer", ...Object.keys(AUDIT_ACTION_WORDS).map((action) => action.split(".")[0])]);
  const found = new Set<string>();
  for (const file of sources(coreSources)) {
    const code = readFileSync(file, "utf8");
    for (const [, action] of code.matchAll(/\baction: "([^"]+)"/g)) found.add(action);
    for (const [, target, verb] of code.matchAll(/"([a-z]+)\.([a-z_]+)"/g)) if (known.has(target)) found.add(`${target}.${verb}`);
  }
  return found;
}

describe("audit actions in words", () => {
  it("has words for every action the code writes, and none for an action no longer written", () => {
    const written = writtenActions();
    // The reading works: it finds actions written directly, through helpers and by ternaries.
    expect([...written]).toEqual(expect.arrayContaining(["order.status_changed", "customer.created", "sku.visibility_changed", "promotion.deleted"]));
    expect(Object.keys(AUDIT_ACTION_WORDS).sort()).toEqual([...written].sort());
  });

  it("says what happened, to what, and links to the page that shows it", () => {
    const entry = (action: string, targetType: string, changes: Record<string, unknown> | null = null) =>
      auditEntryWords({ action, targetType, targetId: "0f6c1d2e-aaaa-bbbb-cccc-1234abcd5678", changes });
    expect(entry("order.status_changed", "order", { status: { from: "SERVICE_QUEUE", to: "BEING_SERVICED" } })).toEqual({
      action: "Order status changed: Service Queue → Being Serviced",
      target: "Order CD5678",
      href: "/queue/orders/0f6c1d2e-aaaa-bbbb-cccc-1234abcd5678",
    });
    expect(entry("order.refunded", "order")).toMatchObject({ action: "Refund given", href: "/queue/orders/0f6c1d2e-aaaa-bbbb-cccc-1234abcd5678" });
    // An entry that recorded the order's number names the order by it, never by its bag (bags are reused).
    expect(entry("order.status_changed", "order", { number: "R-1042", bagReleased: "107" })).toMatchObject({ target: "Order R-1042" });
    expect(entry("order.created", "order", { number: "R-1042", bagCode: "107" })).toMatchObject({ target: "Order R-1042" });
    expect(entry("paddle.created_for_customer", "paddle")).toEqual({ action: "Paddle added for a customer", target: "Paddle ABCD5678", href: null });
    expect(entry("paddle.freed_from_bag", "paddle", { bagCode: "107" })).toEqual({ action: "Paddle taken out of its bag", target: "Paddle 107", href: "/bags" });
    expect(entry("bag.created", "bag", { code3: "107" })).toEqual({ action: "Bag created", target: "Bag 107", href: "/bags" });
    expect(entry("promotion.created", "promotion", { code: "SAVE10" })).toEqual({ action: "Promotion created", target: "Promotion SAVE10", href: "/admin/promotions" });
    // A code changed is recorded from and to: the id's end names it.
    expect(entry("promotion.updated", "promotion", { code: { from: "A", to: "B" } })).toMatchObject({ target: "Promotion ABCD5678" });
    expect(entry("sku.stock_adjusted", "sku", { quantityChange: -1 })).toMatchObject({ action: "Stock adjusted", href: "/admin/products" });
    expect(entry("communication.broadcast_sent", "communication")).toMatchObject({ action: "Bulk SMS sent", href: "/admin/communications" });
    // A change of the money settings opens the Money settings page (the console's route of that path).
    expect(entry("settings.money_changed", "settings")).toMatchObject({ action: "Tax rates or discount limit changed", href: "/admin/settings/money" });
    // A customer's change opens the customer's page; a staff account's the Staff page, with the role's words.
    expect(entry("customer.updated", "user")).toEqual({
      action: "Customer details changed",
      target: "Customer ABCD5678",
      href: "/customers/0f6c1d2e-aaaa-bbbb-cccc-1234abcd5678",
    });
    expect(entry("staff.invited", "user", { email: "jo@shop.test", role: "EMPLOYEE" })).toEqual({
      action: "Staff member invited",
      target: "Staff member jo@shop.test",
      href: "/admin/staff",
    });
    expect(entry("staff.role_changed", "user", { role: { from: "EMPLOYEE", to: "ADMIN" } })).toMatchObject({
      action: "Staff member's role changed: Employee → Admin",
      target: "Staff member ABCD5678",
    });
    expect(entry("staff.switched_off", "user")).toMatchObject({ action: "Staff member switched off", href: "/admin/staff" });
    // An action from a newer server than this page still reads as words.
    expect(entry("order.something_new", "order").action).toBe("Order something new");
  });
});

describe("auditChangesText", () => {
  it("reads a from and to as a change, other fields as their value, and cuts a long line", () => {
    expect(auditChangesText({ isActive: { from: true, to: false }, code: "SAVE10" })).toBe("isActive: true → false; code: SAVE10");
    expect(auditChangesText({ role: { from: "EMPLOYEE", to: "ADMIN" }, note: null })).toBe("role: EMPLOYEE → ADMIN; note: none");
    expect(auditChangesText(null)).toBe("");
    expect(auditChangesText({ message: "x".repeat(500) }, 20)).toBe(`message: ${"x".repeat(10)}…`);
  });
});
