/**
 * The smoke check: whether a shop at a URL (a deployed stage's site, or `npm start`) works, from the outside, in
 * four requests that write nothing to the shop's table: the home page and its script, the catalogue, an admin's
 * sign-in (POST /api/auth/local asks the user pool for tokens and writes no item), and the admin dashboard's figures
 * (read from counter items). It stops at the first step that fails, saying what it got.
 *
 * It never calls GET /api/auth/user: that creates the user item on a first sign-in.
 *
 * Given the stage's Stripe webhook (its URL and signing secret), a fifth step posts a Stripe event signed with that
 * secret, as Stripe would, and expects it accepted: a checkout session that expired naming no order, which the
 * webhook acknowledges without reading or writing the table (scripts/lib/stripe-webhook.ts).
 */
import { AUTHENTICATOR_CODE_REQUIRED, AUTHENTICATOR_SETUP_REQUIRED } from "../../packages/core/src/shared/accounts";
import { signedTestEvent } from "./stripe-webhook";

export interface SmokeOptions {
  /** The site's origin, e.g. https://d111abcdef8.cloudfront.net or http://localhost:3000. */
  url: string;
  username: string;
  password: string;
  /**
   * The admin's authenticator app's current code (staff sign in with two steps), or a function that reads it when
   * the pool asks (`--local`: the local app's code).
   */
  code?: string | (() => string | undefined);
  /** Each request's limit (default 20 s: a cold Lambda behind API Gateway answers in a few seconds). */
  timeoutMs?: number;
  /** Told each step as it passes. */
  onStep?: (step: SmokeStep) => void;
  /** The stage's Stripe webhook: its URL (StripeWebhookUrl, or /webhooks/stripe under npm start) and signing secret. */
  stripeWebhook?: { url: string; secret: string };
}

export interface SmokeStep {
  name: string;
  ms: number;
  /** What was found, e.g. `3 core services, 9 add-ons`. */
  detail: string;
}

export class SmokeFailure extends Error {
  constructor(
    readonly step: string,
    readonly ms: number,
    message: string,
  ) {
    super(message);
  }
}

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

/** The origin of `url`, or a SmokeFailure saying why it is not one. */
export function siteOrigin(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new SmokeFailure("url", 0, `"${url}" is not a URL: give the site's address, e.g. https://d111abcdef8.cloudfront.net`);
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") throw new SmokeFailure("url", 0, `"${url}" is not an http(s) URL.`);
  return parsed.origin;
}

/** The `code` beside a refusal's message (AUTHENTICATOR_CODE_REQUIRED, AUTHENTICATOR_SETUP_REQUIRED). */
const codeOf = (answer: Answer): unknown => {
  try {
    return (JSON.parse(answer.text) as { code?: unknown }).code;
  } catch {
    return undefined;
  }
};

const messageOf = (answer: Answer) => {
  try {
    const body = JSON.parse(answer.text) as { message?: unknown };
    if (typeof body.message === "string") return body.message;
  } catch {
    // not JSON
  }
  return answer.text.replace(/\s+/g, " ").slice(0, 200);
};

export async function smokeCheck(options: SmokeOptions): Promise<SmokeStep[]> {
  const origin = siteOrigin(options.url);
  const timeoutMs = options.timeoutMs ?? 20_000;
  const steps: SmokeStep[] = [];

  /** `path` on the site, or a URL of its own (the Stripe webhook's function URL). */
  async function request(step: string, path: string, init: RequestInit = {}, attempt = 1): Promise<Answer> {
    const url = /^https?:\/\//.test(path) ? path : `${origin}${path}`;
    try {
      const response = await fetch(url, { redirect: "manual", ...init, signal: AbortSignal.timeout(timeoutMs) });
      return { status: response.status, contentType: response.headers.get("content-type") ?? "", text: await response.text() };
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      // A kept-alive connection the server closed just as it was reused: every request here writes nothing, so
      // asking once more on a new connection is safe (seen in npm test, after a pause between two checks).
      if (attempt === 1 && (cause?.code === "UND_ERR_SOCKET" || cause?.code === "ECONNRESET")) return request(step, path, init, 2);
      const why = (error as Error).name === "TimeoutError" ? `no answer within ${timeoutMs / 1000} s` : (cause?.code ?? cause?.message ?? (error as Error).message);
      throw new SmokeFailure(step, 0, `${url} could not be reached: ${why}`);
    }
  }

  /** `fail` makes the step's failure, to throw. */
  type Fail = (message: string) => SmokeFailure;

  async function run(name: string, check: (fail: Fail) => Promise<string>): Promise<void> {
    const began = performance.now();
    const elapsed = () => Math.round(performance.now() - began);
    const fail: Fail = (message) => new SmokeFailure(name, elapsed(), message);
    let detail: string;
    try {
      detail = await check(fail);
    } catch (error) {
      if (error instanceof SmokeFailure) throw new SmokeFailure(name, elapsed(), error.message);
      throw error;
    }
    const step = { name, ms: elapsed(), detail };
    steps.push(step);
    options.onStep?.(step);
  }

  const json = (answer: Answer, fail: Fail): unknown => {
    if (!answer.contentType.includes("json")) throw fail(`answered ${answer.status} with ${answer.contentType || "no content type"}, not JSON: ${messageOf(answer)}`);
    try {
      return JSON.parse(answer.text);
    } catch {
      throw fail(`answered ${answer.status} with a body that is not JSON: ${messageOf(answer)}`);
    }
  };

  await run("GET /", async (fail) => {
    const page = await request("GET /", "/");
    if (page.status !== 200) throw fail(`answered ${page.status}, not the home page: ${messageOf(page)}`);
    if (!page.contentType.includes("text/html")) throw fail(`answered ${page.contentType || "no content type"}, not HTML`);
    // The app's entry script: a site whose index.html went up without its assets (or the wrong ones) stops here.
    const tag = page.text.match(/<script\b[^>]*>/g)?.find((t) => /\btype="module"/.test(t) && /\bsrc="/.test(t));
    const script = tag && /\bsrc="([^"]+)"/.exec(tag)?.[1];
    if (!script) throw fail("the page names no module script: is this the Regrip web app?");
    const path = new URL(script, `${origin}/`).pathname;
    const asset = await request("GET /", path);
    if (asset.status !== 200 || !/javascript/.test(asset.contentType)) throw fail(`its script ${path} answered ${asset.status} ${asset.contentType}`);
    return `HTML (${(page.text.length / 1024).toFixed(1)} KB) and its script ${path}`;
  });

  await run("GET /api/services", async (fail) => {
    const answer = await request("GET /api/services", "/api/services");
    if (answer.status !== 200) throw fail(`answered ${answer.status}: ${messageOf(answer)}`);
    const catalogue = json(answer, fail) as { coreServices?: unknown[]; addOnServices?: Record<string, unknown[]> };
    const core = catalogue.coreServices?.length ?? 0;
    const addOns = Object.values(catalogue.addOnServices ?? {}).reduce((n, items) => n + items.length, 0);
    if (core === 0) throw fail("the catalogue has no core service, so nothing can be booked: run npm run stage:setup, or add products in Admin > Products");
    return `${core} core services, ${addOns} add-ons`;
  });

  let idToken = "";
  await run("POST /api/auth/local", async (fail) => {
    const signIn = (code?: string) =>
      request("POST /api/auth/local", "/api/auth/local", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: options.username, password: options.password, ...(code ? { code } : {}) }),
      });
    let answer = await signIn();
    if (answer.status === 401 && codeOf(answer) === AUTHENTICATOR_CODE_REQUIRED) {
      const code = typeof options.code === "function" ? options.code() : options.code;
      if (!code) throw fail(`${options.username} signs in with an authenticator app: pass its current code with --code 123456`);
      answer = await signIn(code);
    }
    if (answer.status !== 200) throw fail(`signing in as ${options.username} answered ${answer.status}: ${messageOf(answer)}`);
    const tokens = json(answer, fail) as { idToken?: unknown };
    if (typeof tokens.idToken !== "string") throw fail("the sign-in answered no idToken");
    idToken = tokens.idToken;
    return `signed in as ${options.username}`;
  });

  await run("GET /api/admin/analytics", async (fail) => {
    // The API takes the ID token, as the web app sends it (docs/architecture.md "Who may do what").
    const answer = await request("GET /api/admin/analytics", "/api/admin/analytics", { headers: { authorization: `Bearer ${idToken}` } });
    if (answer.status === 403 && codeOf(answer) === AUTHENTICATOR_SETUP_REQUIRED) {
      throw fail(`${options.username} has no authenticator app yet: sign in once on the site's /login page to set one up, then run this again with --code`);
    }
    if (answer.status === 403) throw fail(`${options.username} signed in but is not an admin (403: ${messageOf(answer)})`);
    if (answer.status !== 200) throw fail(`answered ${answer.status}: ${messageOf(answer)}`);
    const figures = json(answer, fail) as { monthlyRevenue?: unknown; ordersToday?: unknown };
    if (typeof figures.monthlyRevenue !== "number" || typeof figures.ordersToday !== "number") throw fail("the answer is not the dashboard's figures");
    return `dashboard: $${(figures.monthlyRevenue / 100).toFixed(2)} revenue this month, ${figures.ordersToday} orders today`;
  });

  const webhook = options.stripeWebhook;
  if (webhook) {
    await run("POST stripe-webhook", async (fail) => {
      const { body, signature } = signedTestEvent(webhook.secret);
      const answer = await request("POST stripe-webhook", webhook.url, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body,
      });
      const hint = answer.status === 400 ? " (is STRIPE_WEBHOOK_SECRET the signing secret of the endpoint at this URL?)" : "";
      if (answer.status !== 200) throw fail(`a signed test event answered ${answer.status}: ${messageOf(answer)}${hint}`);
      const accepted = json(answer, fail) as { received?: unknown; result?: unknown };
      if (accepted.received !== true) throw fail("the answer is not the webhook's");
      return `a signed checkout.session.expired accepted (${String(accepted.result)})`;
    });
  }

  return steps;
}
