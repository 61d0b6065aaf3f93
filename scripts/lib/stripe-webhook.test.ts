/**
 * stage:setup's Stripe webhook step against an in-memory stand-in for Stripe's webhook endpoints API (no network),
 * and the smoke check's signed test event against the webhook's own signature check.
 */
import { describe, expect, it } from "vitest";
import { HANDLED_EVENTS } from "../../packages/core/src/payments/events";
import { verifyStripeSignature } from "../../packages/core/src/payments/signature";
import { describeWebhook, ensureStripeWebhook, signedTestEvent, stripeWebhookEndpoints, type WebhookEndpoint, type WebhookEndpoints } from "./stripe-webhook";

const url = "https://abc123.lambda-url.us-east-1.on.aws/";

/** Stripe's endpoints, kept in memory: pages of `pageSize`, a secret answered on create only. */
function fakeStripe(initial: WebhookEndpoint[], pageSize = 2) {
  const endpoints = initial.map((e) => ({ ...e }));
  const calls: string[] = [];
  const api: WebhookEndpoints = {
    async list({ limit, starting_after }) {
      calls.push(`list ${starting_after ?? ""}`.trim());
      const start = starting_after ? endpoints.findIndex((e) => e.id === starting_after) + 1 : 0;
      const size = Math.min(limit, pageSize);
      return { data: endpoints.slice(start, start + size).map(({ secret: _, ...e }) => e), has_more: start + size < endpoints.length };
    },
    async create(params) {
      calls.push("create");
      const created = { id: `we_${endpoints.length + 1}`, url: params.url, enabled_events: params.enabled_events, status: "enabled", secret: "whsec_new" };
      endpoints.push(created);
      return created;
    },
    async update(id, params) {
      calls.push(`update ${id}`);
      const endpoint = endpoints.find((e) => e.id === id)!;
      if (params.enabled_events) endpoint.enabled_events = params.enabled_events;
      if (params.disabled === false) endpoint.status = "enabled";
      return endpoint;
    },
  };
  return { api, endpoints, calls };
}

function setup(secretSet = false) {
  const stored: string[] = [];
  return { stored, setup: { url, stage: "dev", secretSet, storeSecret: async (secret: string) => void stored.push(secret) } };
}

const others = [
  { id: "we_a", url: "https://other.example/hook", enabled_events: ["*"] },
  { id: "we_b", url: "https://another.example/hook", enabled_events: ["charge.refunded"] },
  { id: "we_c", url: "https://third.example/hook", enabled_events: ["invoice.paid"] },
];

describe("stage:setup's Stripe webhook endpoint", () => {
  it("the handled events are the nine the dispatcher handles, the membership ones among them", () => {
    expect(new Set(HANDLED_EVENTS).size).toBe(9);
    expect(HANDLED_EVENTS).toEqual(
      expect.arrayContaining(["customer.subscription.created", "customer.subscription.updated", "customer.subscription.deleted", "invoice.payment_failed"]),
    );
  });

  it("creates it with exactly the handled events when Stripe has none at the stage's URL (past a page of others), and stores its secret", async () => {
    const stripe = fakeStripe(others);
    const { stored, setup: s } = setup();
    const outcome = await ensureStripeWebhook(stripe.api, s);
    expect(outcome).toMatchObject({ action: "created", secretStored: true, secretMissing: false });
    expect(stripe.calls).toEqual(["list", "list we_b", "create"]);
    expect(stripe.endpoints.at(-1)).toMatchObject({ url, enabled_events: [...HANDLED_EVENTS] });
    expect(stored).toEqual(["whsec_new"]);
    expect(describeWebhook(s, outcome)[0]).toMatch(/created for the 9 handled events; its signing secret is stored as STRIPE_WEBHOOK_SECRET/);

    // Run again: found (its URL without the trailing slash counts as the same), nothing changed, nothing stored.
    const again = await ensureStripeWebhook(stripe.api, { ...s, secretSet: true });
    expect(again).toMatchObject({ action: "unchanged", endpointId: outcome.endpointId, secretStored: false, secretMissing: false });
    expect(stripe.calls.filter((c) => c === "create" || c.startsWith("update"))).toEqual(["create"]);
    expect(stored).toEqual(["whsec_new"]);
  });

  it("adds the events an existing endpoint lacks (the five of the old guide), keeps its own, and enables it if disabled", async () => {
    const old = ["checkout.session.completed", "checkout.session.expired", "payment_intent.payment_failed", "invoice.paid", "charge.refunded"];
    const stripe = fakeStripe([{ id: "we_stage", url: url.replace(/\/$/, ""), enabled_events: [...old, "customer.created"], status: "disabled" }]);
    const { stored, setup: s } = setup(true);
    const outcome = await ensureStripeWebhook(stripe.api, s);
    expect(outcome).toMatchObject({ action: "updated", endpointId: "we_stage", enabled: true, secretStored: false, secretMissing: false });
    expect(outcome.added).toEqual(["invoice.payment_failed", "customer.subscription.created", "customer.subscription.updated", "customer.subscription.deleted"]);
    expect(stripe.endpoints[0].enabled_events).toEqual([...old, "customer.created", ...outcome.added]);
    expect(stripe.endpoints[0].status).toBe("enabled");
    expect(stored).toEqual([]);
    expect(describeWebhook(s, outcome).join("\n")).toMatch(/added the handled events it lacked: invoice\.payment_failed, customer\.subscription\.created/);
  });

  it("leaves an endpoint of every event alone, and says how to set a secret Stripe will not tell again", async () => {
    const stripe = fakeStripe([{ id: "we_all", url, enabled_events: ["*"], status: "enabled" }]);
    const { setup: s } = setup(false);
    const outcome = await ensureStripeWebhook(stripe.api, s);
    expect(outcome).toMatchObject({ action: "unchanged", added: [], secretMissing: true });
    expect(stripe.calls).toEqual(["list"]);
    expect(describeWebhook(s, outcome).join("\n")).toContain("npx sst secrets set STRIPE_WEBHOOK_SECRET whsec_... --stage dev");
  });
});

describe("Stripe's webhook endpoints API as stage:setup calls it", () => {
  it("lists, creates and updates with the secret key, form-encoded as Stripe takes them, and says what Stripe refused", async () => {
    const sent: { url: string; method: string; auth: string; body?: string }[] = [];
    const fakeFetch = (async (url: string, init: RequestInit) => {
      sent.push({ url, method: init.method!, auth: (init.headers as Record<string, string>).authorization, body: init.body as string | undefined });
      if (url.endsWith("/we_gone")) return new Response(JSON.stringify({ error: { message: "No such webhook endpoint" } }), { status: 404 });
      return new Response(JSON.stringify({ id: "we_1", url, enabled_events: [], data: [], has_more: false }), { status: 200 });
    }) as typeof fetch;
    const api = stripeWebhookEndpoints("sk_test_abc", fakeFetch);
    await api.list({ limit: 100, starting_after: "we_0" });
    await api.create({ url, enabled_events: ["invoice.paid", "charge.refunded"], description: "Regrip stage dev" });
    await api.update("we_1", { enabled_events: ["invoice.paid"], disabled: false });
    await expect(api.update("we_gone", { disabled: false })).rejects.toThrow("Stripe answered 404 to POST /v1/webhook_endpoints/we_gone: No such webhook endpoint");
    expect(sent.map((r) => r.auth)).toEqual(Array(4).fill("Bearer sk_test_abc"));
    expect(sent[0]).toMatchObject({ method: "GET", url: "https://api.stripe.com/v1/webhook_endpoints?limit=100&starting_after=we_0" });
    expect(sent[1]).toMatchObject({ method: "POST", url: "https://api.stripe.com/v1/webhook_endpoints" });
    expect(new URLSearchParams(sent[1].body).getAll("enabled_events[]")).toEqual(["invoice.paid", "charge.refunded"]);
    expect(new URLSearchParams(sent[1].body).get("url")).toBe(url);
    expect(sent[2]).toMatchObject({ method: "POST", url: "https://api.stripe.com/v1/webhook_endpoints/we_1", body: "enabled_events%5B%5D=invoice.paid&disabled=false" });
  });
});

describe("the smoke check's signed test event", () => {
  it("passes the webhook's signature check with the stage's secret, and no other", () => {
    const now = new Date();
    const { body, signature } = signedTestEvent("whsec_stage", now);
    const event = verifyStripeSignature<{ type: string; data: { object: { metadata: object } } }>(body, signature, "whsec_stage", { now });
    expect(event.type).toBe("checkout.session.expired");
    // It names no order, so the webhook acknowledges it without reading or writing the table.
    expect(event.data.object.metadata).toEqual({});
    expect(HANDLED_EVENTS).toContain(event.type);
    expect(() => verifyStripeSignature(body, signature, "whsec_other", { now })).toThrow(/No signature matches/);
  });
});
