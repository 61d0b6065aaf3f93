/**
 * STRIPE_KEY_PERMISSIONS (packages/core/src/payments/stripe-permissions.ts, the deploy guide's list for a restricted
 * key) is exactly what the sources call: every Stripe call is covered by a listed permission, and every listed
 * permission is needed by a call, at the access it lists.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { STRIPE_KEY_PERMISSIONS } from "../../packages/core/src/payments/stripe-permissions";
import { stripeCallsIn, type StripeCall } from "./stripe-calls";

const root = resolve(import.meta.dirname, "../..");
const expandedAs = Object.fromEntries(STRIPE_KEY_PERMISSIONS.flatMap((p) => ("expandedAs" in p ? p.expandedAs : []).map((field) => [field, p.sdk])));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith(".") || ["node_modules", "dist"].includes(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const scanned = [
  ...readdirSync(join(root, "packages")).map((pkg) => join(root, "packages", pkg, "src")),
  join(root, "infra"),
  join(root, "scripts"),
  join(root, "stacks"),
].flatMap(sources);
const calls: StripeCall[] = scanned.flatMap((file) => stripeCallsIn(relative(root, file), readFileSync(file, "utf8"), expandedAs));
const said = (call: StripeCall) => `${call.file}: ${call.sdk} ${call.call} (${call.access})`;

describe("the Stripe calls the sources make", () => {
  it("are found: the server's Checkout sessions and refunds, stage:setup's webhook endpoints over REST", () => {
    expect(scanned.length).toBeGreaterThan(300);
    expect(calls.map(said)).toEqual(
      expect.arrayContaining([
        "packages/core/src/payments/stripe.ts: checkout.sessions create (write)",
        "packages/core/src/payments/stripe.ts: refunds create (write)",
        "packages/core/src/payments/stripe.ts: paymentIntents retrieve (read)",
        "packages/core/src/payments/stripe.ts: charges expand latest_charge (read)",
        "scripts/lib/stripe-webhook.ts: webhookEndpoints POST (write)",
      ]),
    );
  });

  it("are each covered by a permission of the restricted key", () => {
    const uncovered = calls.filter((call) => !STRIPE_KEY_PERMISSIONS.some((p) => p.sdk === call.sdk && (p.access === "write" || call.access === "read")));
    expect(uncovered.map(said)).toEqual([]);
  });

  it("need every permission the key is given, at the access it is given", () => {
    const unneeded = STRIPE_KEY_PERMISSIONS.filter((p) => !calls.some((call) => call.sdk === p.sdk && call.access === p.access));
    expect(unneeded.map((p) => `${p.resource} (${p.access})`)).toEqual([]);
  });
});

describe("stripeCallsIn", () => {
  it("reads a client's calls, the class's offline helpers, expansions and REST calls", () => {
    const sdk = `import Stripe from "stripe";\nconst client = new Stripe(key);\nawait client.customers.create({});\nawait client.billingPortal.sessions.create({});\nawait client.invoices.retrieve(id, { expand: ["subscription"] });\nStripe.webhooks.generateTestHeaderString({});`;
    expect(stripeCallsIn("a.ts", sdk, { subscription: "subscriptions" })).toEqual([
      { file: "a.ts", sdk: "customers", call: "create", access: "write" },
      { file: "a.ts", sdk: "billingPortal.sessions", call: "create", access: "write" },
      { file: "a.ts", sdk: "invoices", call: "retrieve", access: "read" },
      { file: "a.ts", sdk: "subscriptions", call: "expand subscription", access: "read" },
    ]);
    const rest = `await fetch("https://api.stripe.com/v1/payment_links", { method: "GET" });`;
    expect(stripeCallsIn("b.ts", rest, {})).toEqual([{ file: "b.ts", sdk: "paymentLinks", call: "GET", access: "read" }]);
    expect(stripeCallsIn("c.ts", `const n = stripe.refunds.create({});`, {})).toEqual([]);
  });
});
