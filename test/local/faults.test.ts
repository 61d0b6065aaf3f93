/**
 * Faults, met as the shop meets them: `npm start` with DynamoDB Local frozen
 * mid-traffic (SIGSTOP) and then killed mid-booking (SIGKILL).
 *
 * - Frozen: every call in flight answers 503 with a message within the SDK's
 *   bounded timeouts and retries (packages/core/src/aws), never hangs; once
 *   DynamoDB answers again, so does the shop.
 * - Killed: bookings are DynamoDB transactions, so none is half written: after
 *   a restart on the same data, retrying every booking with its
 *   Idempotency-Key gives exactly one order per key, each with its audit
 *   entry, and the stock went down exactly once per order.
 */
import { readdirSync, readFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSettings } from "../../infra/local/settings";
import { startShopProcess, type ShopProcess } from "../../scripts/lib/shop-process";
import { ownShopEnv } from "./support";

const customer = loadSettings().seed.customer;
const dataDir = mkdtempSync(join(tmpdir(), "regrip-faults-"));
let env: Record<string, string>;
let shop: ShopProcess | undefined;

/** The counted sku every booking here takes one of (seeded with stock; infra/local/demo-shop.ts). */
const service = "sku-strip-and-grip-black-tacky";

interface Answer {
  status: number;
  body: any;
  ms: number;
}

async function api(method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  const began = performance.now();
  const response = await fetch(`${shop!.url}${path}`, {
    method,
    headers: {
      "content-type": "application/json",
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text for the failure message
  }
  return { status: response.status, body, ms: performance.now() - began };
}

async function signIn(): Promise<string> {
  const answer = await api("POST", "/api/auth/local", { body: { username: customer.username, password: customer.password } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.idToken;
}

/** The pid of the DynamoDB Local java process listening on `port` (its command line names the port). */
function dynamoPid(port: number): number {
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      const at = args.indexOf("-port");
      if (args.some((a) => a.includes("DynamoDBLocal")) && at >= 0 && args[at + 1] === String(port)) return Number(pid);
    } catch {
      // the process ended while we looked
    }
  }
  throw new Error(`no DynamoDB Local process on port ${port}`);
}

/** Reads the shop's table directly: what the API does not show (audit entries, stock). */
async function table() {
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${env.DYNAMODB_PORT}`,
    AWS_REGION: "us-east-1",
    AWS_ACCESS_KEY_ID: "regriplocal",
    AWS_SECRET_ACCESS_KEY: "regriplocal",
    TABLE_NAME: "regrip-local",
  });
  const { db } = await import("../../packages/core/src/db");
  return db();
}

beforeAll(async () => {
  env = { ...(await ownShopEnv(dataDir)), STRIPE_SECRET_KEY: "" };
  shop = await startShopProcess(env);
});

afterAll(async () => {
  if (shop) {
    try {
      process.kill(dynamoPid(Number(env.DYNAMODB_PORT)), "SIGCONT");
    } catch {
      // not running or not stopped
    }
    await shop.stop();
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe("DynamoDB Local frozen mid-traffic", () => {
  it("answers every call in flight with 503 and a message within 15 s, and answers again once it resumes", async () => {
    const token = await signIn();
    const reads = [
      () => api("GET", "/api/services"),
      () => api("GET", "/api/orders", { token }),
      () => api("GET", "/api/auth/user", { token }),
      () => api("GET", "/api/paddles", { token }),
    ];
    for (const read of reads) expect((await read()).status).toBe(200);

    const pid = dynamoPid(Number(env.DYNAMODB_PORT));
    // Traffic already on its way when DynamoDB stops answering, and more after.
    const before = reads.map((read) => read());
    process.kill(pid, "SIGSTOP");
    let answers: Answer[];
    try {
      const during = Array.from({ length: 10 }, (_, i) => reads[i % reads.length]());
      answers = await Promise.all([...before, ...during]);
    } finally {
      process.kill(pid, "SIGCONT");
    }
    const frozen = answers.slice(before.length);
    for (const answer of frozen) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(503);
      expect(answer.body.message).toMatch(/try again/i);
      expect(answer.ms).toBeLessThan(15_000);
    }
    // Those sent just before the freeze may have been answered before it: either way, never a hang or a 500.
    for (const answer of answers.slice(0, before.length)) expect([200, 503]).toContain(answer.status);

    const deadline = Date.now() + 20_000;
    let again: Answer[] = [];
    while (Date.now() < deadline) {
      again = await Promise.all(reads.map((read) => read()));
      if (again.every((answer) => answer.status === 200)) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(again.map((answer) => answer.status)).toEqual(reads.map(() => 200));
  });
});

describe("DynamoDB Local killed mid-booking", () => {
  it("leaves no order half written: after a restart, retries with the same keys give one whole order each", async () => {
    const token = await signIn();
    // One paddle a booking: a paddle is in one open order at a time.
    const paddles = await Promise.all(
      Array.from({ length: 8 }, (_, i) => api("POST", "/api/paddles", { token, body: { brand: "Selkirk", nickname: `Crash Test ${i + 1}` } })),
    );
    for (const paddle of paddles) expect(paddle.status).toBe(201);
    const stockBefore = (await (await table()).entities.sku.get({ id: service }).go()).data!.stockQuantity!;

    const keys = Array.from({ length: 8 }, (_, i) => `fault-${Date.now()}-${i}`);
    const bodyFor = (i: number) => ({ paddleId: paddles[i]!.body.id, bagNumber: String(111 + i), dropoffLocation: "LITTLETON", service });
    const bookings = keys.map((key, i) =>
      api("POST", "/api/book-service", { token, body: bodyFor(i), headers: { "idempotency-key": key } }).catch((error: Error) => ({
        status: 0,
        body: { message: error.message },
        ms: 0,
      })),
    );
    await new Promise((r) => setTimeout(r, 60));
    process.kill(dynamoPid(Number(env.DYNAMODB_PORT)), "SIGKILL");
    const first = await Promise.all(bookings);
    for (const answer of first) expect([0, 201, 503], JSON.stringify(answer.body)).toContain(answer.status);
    // The kill did land in the middle: some bookings never got their answer.
    expect(first.some((answer) => answer.status !== 201)).toBe(true);
    // The shop stops itself when one of its stand-ins dies; start it again on the same data.
    await shop!.stop();
    shop = await startShopProcess(env);

    const retryToken = await signIn();
    // As the app does with a 503 ("try again in a moment"): the same request, same key, again. A DynamoDB Local
    // just restarted on a busy machine can take longer than a handler's time limit for its first answers.
    const retry = async (i: number) => {
      const deadline = Date.now() + 45_000;
      for (;;) {
        const answer = await api("POST", "/api/book-service", { token: retryToken, body: bodyFor(i), headers: { "idempotency-key": keys[i] } });
        if (answer.status !== 503 || Date.now() > deadline) return answer;
        await new Promise((r) => setTimeout(r, 500));
      }
    };
    const retried = await Promise.all(keys.map((_, i) => retry(i)));
    for (const answer of retried) expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const ids = retried.map((answer) => answer.body.id as string);
    expect(new Set(ids).size).toBe(keys.length);
    // An order answered before the crash is the very one the retry answers.
    first.forEach((answer, i) => {
      if (answer.status === 201) expect(answer.body.id).toBe(ids[i]);
    });

    const dynamo = await table();
    for (const id of ids) {
      const { data: order } = await dynamo.entities.serviceOrder.get({ id }).go();
      expect(order?.status).toBe("INVOICED");
      const { data: audits } = await dynamo.entities.auditLog.query.byTarget({ targetType: "order", targetId: id }).go();
      expect(audits.filter((audit) => audit.action === "order.created")).toHaveLength(1);
    }
    const stockAfter = (await dynamo.entities.sku.get({ id: service }).go()).data!.stockQuantity!;
    expect(stockBefore - stockAfter).toBe(keys.length);
  });
});
