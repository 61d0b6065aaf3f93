/**
 * The stage's Stripe webhook endpoint, as `npm run stage:setup` creates or checks it, and the signed test event
 * `npm run smoke` posts to it. The events are HANDLED_EVENTS (packages/core/src/payments/events.ts), the same list
 * the webhook's dispatcher handles and the deploy guide prints (`stripeEventsMarkdown`, held by scripts/lib/docs.test.ts).
 * The logic takes Stripe's webhook endpoints API as an argument: `stripeWebhookEndpoints(key)` is the real one (three
 * REST calls, no SDK), tests hand in a fake.
 */
import { createHmac } from "node:crypto";
import { HANDLED_EVENTS } from "../../packages/core/src/payments/events";
import { STRIPE_KEY_PERMISSIONS } from "../../packages/core/src/payments/stripe-permissions";

/** The markers of the deploy guide's event list, which docs.test.ts holds equal to `stripeEventsMarkdown()`. */
export const eventsMarkers = { begin: "<!-- stripe-events: npm run stage:setup -- --print-events -->", end: "<!-- /stripe-events -->" } as const;

/** The handled events as the deploy guide lists them, one a line. */
export function stripeEventsMarkdown(): string {
  return HANDLED_EVENTS.map((event) => `- \`${event}\``).join("\n");
}

/** The markers of the deploy guide's restricted key permissions, which docs.test.ts holds equal to `stripeKeyMarkdown()`. */
export const keyMarkers = { begin: "<!-- stripe-key: npm run stage:setup -- --print-key-permissions -->", end: "<!-- /stripe-key -->" } as const;

/**
 * What a restricted key needs, as the deploy guide lists it: STRIPE_KEY_PERMISSIONS
 * (packages/core/src/payments/stripe-permissions.ts, held to the sources' Stripe calls by stripe-calls.test.ts).
 */
export function stripeKeyMarkdown(): string {
  return STRIPE_KEY_PERMISSIONS.map((p) => `- ${p.resource}: **${p.access === "write" ? "Write" : "Read"}** (${p.why})`).join("\n");
}

/** What stage:setup reads and writes of a Stripe webhook endpoint (a subset of Stripe's WebhookEndpoint). */
export interface WebhookEndpoint {
  id: string;
  url: string;
  enabled_events: string[];
  status?: string;
  /** The signing secret: Stripe answers it only when the endpoint is created. */
  secret?: string;
}

/** Stripe's webhook endpoints API as stage:setup uses it: `stripe.webhookEndpoints` has this shape. */
export interface WebhookEndpoints {
  list(params: { limit: number; starting_after?: string }): Promise<{ data: WebhookEndpoint[]; has_more: boolean }>;
  create(params: { url: string; enabled_events: string[]; description: string }): Promise<WebhookEndpoint>;
  update(id: string, params: { enabled_events?: string[]; disabled?: boolean }): Promise<WebhookEndpoint>;
}

/** Stripe's REST API for webhook endpoints, with the stage's secret key. */
export function stripeWebhookEndpoints(key: string, fetchImpl: typeof fetch = fetch): WebhookEndpoints {
  async function call<T>(method: "GET" | "POST", path: string, form: [string, string][] = []): Promise<T> {
    const body = new URLSearchParams(form).toString();
    const url = `https://api.stripe.com/v1/webhook_endpoints${path}${method === "GET" && body ? `?${body}` : ""}`;
    const response = await fetchImpl(url, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(method === "POST" ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
      ...(method === "POST" ? { body } : {}),
      signal: AbortSignal.timeout(20_000),
    });
    const answer = (await response.json()) as T & { error?: { message?: string } };
    if (!response.ok) throw new Error(`Stripe answered ${response.status} to ${method} /v1/webhook_endpoints${path}: ${answer.error?.message ?? "no message"}`);
    return answer;
  }
  const events = (list: string[]): [string, string][] => list.map((event) => ["enabled_events[]", event]);
  return {
    list: ({ limit, starting_after }) => call("GET", "", [["limit", String(limit)], ...(starting_after ? [["starting_after", starting_after] as [string, string]] : [])]),
    create: ({ url, enabled_events, description }) => call("POST", "", [["url", url], ["description", description], ...events(enabled_events)]),
    update: (id, { enabled_events, disabled }) =>
      call("POST", `/${encodeURIComponent(id)}`, [...(enabled_events ? events(enabled_events) : []), ...(disabled === undefined ? [] : [["disabled", String(disabled)] as [string, string]])]),
  };
}

export interface WebhookSetup {
  /** The stage's StripeWebhookUrl output. */
  url: string;
  /** Whether the stage's STRIPE_WEBHOOK_SECRET is set now. */
  secretSet: boolean;
  /** Stores a new endpoint's signing secret where the stage's STRIPE_WEBHOOK_SECRET is read. */
  storeSecret(secret: string): Promise<void>;
  stage: string;
}

export interface WebhookOutcome {
  action: "created" | "updated" | "unchanged";
  endpointId: string;
  /** Handled events the endpoint lacked, now added (on `updated`). */
  added: string[];
  /** Whether it was disabled and is now enabled. */
  enabled: boolean;
  /** Whether a new signing secret was stored as STRIPE_WEBHOOK_SECRET. */
  secretStored: boolean;
  /** The stage's STRIPE_WEBHOOK_SECRET is unset and Stripe does not tell an existing endpoint's secret. */
  secretMissing: boolean;
}

const sameUrl = (a: string, b: string) => a.replace(/\/+$/, "") === b.replace(/\/+$/, "");

async function findEndpoint(endpoints: WebhookEndpoints, url: string): Promise<WebhookEndpoint | undefined> {
  let after: string | undefined;
  for (;;) {
    const page = await endpoints.list({ limit: 100, ...(after ? { starting_after: after } : {}) });
    const found = page.data.find((endpoint) => sameUrl(endpoint.url, url));
    if (found) return found;
    if (!page.has_more || page.data.length === 0) return undefined;
    after = page.data[page.data.length - 1]!.id;
  }
}

/**
 * The stage's endpoint at `setup.url`: created with exactly HANDLED_EVENTS (its signing secret stored as the stage's
 * STRIPE_WEBHOOK_SECRET) when Stripe has none there; given the handled events it lacks, and enabled if disabled,
 * when it has one. Safe to run again: a complete endpoint is left as it is.
 */
export async function ensureStripeWebhook(endpoints: WebhookEndpoints, setup: WebhookSetup): Promise<WebhookOutcome> {
  const existing = await findEndpoint(endpoints, setup.url);
  if (!existing) {
    const created = await endpoints.create({ url: setup.url, enabled_events: [...HANDLED_EVENTS], description: `Regrip stage ${setup.stage}` });
    if (!created.secret) throw new Error(`Stripe created webhook endpoint ${created.id} but answered no signing secret.`);
    await setup.storeSecret(created.secret);
    return { action: "created", endpointId: created.id, added: [...HANDLED_EVENTS], enabled: false, secretStored: true, secretMissing: false };
  }
  const all = existing.enabled_events.includes("*");
  const added = all ? [] : HANDLED_EVENTS.filter((event) => !existing.enabled_events.includes(event));
  const disabled = existing.status === "disabled";
  if (added.length || disabled) {
    await endpoints.update(existing.id, {
      ...(added.length ? { enabled_events: [...existing.enabled_events, ...added] } : {}),
      ...(disabled ? { disabled: false } : {}),
    });
  }
  return {
    action: added.length || disabled ? "updated" : "unchanged",
    endpointId: existing.id,
    added,
    enabled: disabled,
    secretStored: false,
    secretMissing: !setup.secretSet,
  };
}

/** The report's lines for the endpoint. */
export function describeWebhook(setup: Pick<WebhookSetup, "url" | "stage">, outcome: WebhookOutcome): string[] {
  const lines: string[] = [];
  const where = `Stripe webhook ${outcome.endpointId} at ${setup.url}`;
  if (outcome.action === "created") {
    lines.push(`${where}: created for the ${HANDLED_EVENTS.length} handled events; its signing secret is stored as STRIPE_WEBHOOK_SECRET.`);
    lines.push(`  The webhook function reads it at its next cold start: npx sst deploy --stage ${setup.stage} starts it afresh.`);
  } else if (outcome.action === "updated") {
    if (outcome.added.length) lines.push(`${where}: added the handled events it lacked: ${outcome.added.join(", ")}.`);
    if (outcome.enabled) lines.push(`${where}: was disabled, now enabled.`);
  } else {
    lines.push(`${where}: has every handled event.`);
  }
  if (outcome.secretMissing) {
    lines.push(
      `  STRIPE_WEBHOOK_SECRET is unset, and Stripe tells an endpoint's signing secret only when it is created: copy it from the dashboard (Developers → Webhooks → the endpoint → Signing secret), then npx sst secrets set STRIPE_WEBHOOK_SECRET whsec_... --stage ${setup.stage}`,
    );
  }
  return lines;
}

/**
 * A Stripe event the webhook acknowledges and that changes nothing: a checkout session that expired and names no
 * order (the handler answers `ignored` before it reads the table), with the `Stripe-Signature` header Stripe would
 * send, signed with `secret` at `now` (Stripe's scheme: HMAC-SHA256 of `${t}.${body}`, packages/core/src/payments/signature.ts).
 */
export function signedTestEvent(secret: string, now: Date = new Date()): { body: string; signature: string; id: string } {
  const created = Math.floor(now.getTime() / 1000);
  const id = `evt_smoke_${created}`;
  const body = JSON.stringify({
    id,
    object: "event",
    type: "checkout.session.expired",
    created,
    livemode: false,
    data: { object: { id: `cs_smoke_${created}`, object: "checkout.session", metadata: {}, client_reference_id: null } },
  });
  const v1 = createHmac("sha256", secret).update(`${created}.${body}`, "utf8").digest("hex");
  return { body, signature: `t=${created},v1=${v1}`, id };
}
