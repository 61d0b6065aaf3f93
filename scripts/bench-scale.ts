/**
 * npm run bench:scale: does the work of a staff request grow with the shop?
 *
 * Starts its own DynamoDB Local (in memory) and cognito-local on free ports,
 * fills two shops in two tables (small: 100 customers and 1,000 orders;
 * large: 10,000 customers and 100,000 orders), customers written as staff
 * write them (customers/ insert: the user item, its email claim and its
 * search index items) and orders with BatchWrite, each with the audit entry
 * its creation writes, spread over the last 90 days (both shops alike, so the
 * dashboard's day items cover the same days in each), the order counters and
 * the dashboard's day items and the reports' aggregate items set to what the fill made, and one
 * communications log entry per order (the texts a shop of that size has sent:
 * mostly status texts, a few broadcasts, tests and failures). Then calls the real handlers through the route
 * table, as the integration tests do, signed in as the seeded admin, and
 * prints the DynamoDB items read per request (Query ScannedCount, GetItem 1,
 * BatchGetItem its responses, counted by a middleware on the document
 * client) in both shops, and the ratio large / small against 1.2.
 *
 * BENCH_SCALE_CUSTOMERS / BENCH_SCALE_ORDERS change the large shop's size.
 * BENCH_STRICT=1 exits 1 when a ratio is over.
 */
import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { authenticatorCode } from "../infra/local/authenticator";
import { ensurePool, startCognito } from "../infra/local/cognito";
import { ensureTable, startDynamo } from "../infra/local/dynamo";
import { invoke } from "../infra/local/adapter";
import { seedDemoShop } from "../infra/local/seed";
import { loadSettings } from "../infra/local/settings";
import { handlerEnvironment, localTableName } from "../infra/local/shop";
import { callLimits } from "../packages/core/src/aws";
import { freePort } from "./lib/ports";

const LARGE_CUSTOMERS = Number(process.env.BENCH_SCALE_CUSTOMERS ?? 10_000);
const LARGE_ORDERS = Number(process.env.BENCH_SCALE_ORDERS ?? 100_000);
const BUDGET = 1.2;

const FIRST = ["Anna", "Ben", "Cleo", "Dev", "Eli"];
const LAST = ["Garcia", "Hughes", "Ito", "Jensen", "Kowalski", "Lopez", "Moreau", "Nakamura", "Okafor", "Petrov"];
/** Stored values and how often the fill uses each (most orders of a shop are long picked up). */
const STATUS_WEIGHTS: [string, number][] = [
  ["PICKED_UP", 60], ["CANCELED", 10], ["READY", 5], ["COMPLETE", 2], ["IN_SERVICE", 3], ["BEING_SERVICED", 1],
  ["IN_QUEUE", 3], ["SERVICE_QUEUE", 1], ["CHECKED_IN", 3], ["SCHEDULED", 5], ["INVOICED", 5], ["WAITING_ON_PAYMENT", 2],
];

/** The log's message types, as often as a shop sends them (one in 100 a broadcast, one in 200 a test). */
const COMMS_TYPES = [
  ...Array(80).fill("order_ready"), ...Array(60).fill("order_checked_in"), ...Array(50).fill("order_picked_up"),
  ...Array(6).fill("storefront_order"), "broadcast", "broadcast", "test", "general",
];

let itemsRead = 0;

/** How the fill's orders are sold, in turn: four products, both shops, card online and cash and card at the counter by three staff members. */
const SALES: { skuId: string; name: string; shop: "LITTLETON" | "HIGHLANDS_RANCH"; method: "STRIPE" | "POS_CASH" | "POS_CARD"; staff?: string }[] = [
  { skuId: "sku-basic-overgrip-black-dry", name: "Basic Overgrip", shop: "LITTLETON", method: "STRIPE" },
  { skuId: "sku-basic-overgrip-blue-tacky", name: "Basic Overgrip", shop: "HIGHLANDS_RANCH", method: "POS_CASH", staff: "staff-a" },
  { skuId: "sku-strip-grip-black-tacky", name: "Strip and Grip", shop: "LITTLETON", method: "POS_CARD", staff: "staff-b" },
  { skuId: "sku-edge-tape", name: "Edge Tape", shop: "HIGHLANDS_RANCH", method: "STRIPE" },
  { skuId: "sku-basic-overgrip-black-dry", name: "Basic Overgrip", shop: "HIGHLANDS_RANCH", method: "POS_CASH", staff: "staff-c" },
  { skuId: "sku-strip-grip-black-tacky", name: "Strip and Grip", shop: "HIGHLANDS_RANCH", method: "STRIPE" },
];

function statusAt(i: number): string {
  const total = STATUS_WEIGHTS.reduce((sum, [, w]) => sum + w, 0);
  let n = (i * 7919) % total;
  for (const [status, w] of STATUS_WEIGHTS) {
    if (n < w) return status;
    n -= w;
  }
  return "PICKED_UP";
}

async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < items.length) await work(items[next++]);
  }));
}

async function fill(shop: string, customers: number, orders: number): Promise<{ ids: string[]; orderIds: string[]; seconds: number }> {
  const started = Date.now();
  const { Customers } = await import("../packages/core/src/customers");
  const { db } = await import("../packages/core/src/db");
  const { OrderCounters } = await import("../packages/core/src/orders/counters");
  const { Audit } = await import("../packages/core/src/audit");
  const { figuresOf, salesOf } = await import("../packages/core/src/stats/recount");
  const { stageOfStatus } = await import("../packages/core/src/shared/lifecycle");
  const ids: string[] = [];
  const orderIds: string[] = [];
  const people: { id: string; firstName: string; lastName: string; email: string; phone: string }[] = [];
  await pool([...Array(customers).keys()], 16, async (i) => {
    const person = {
      firstName: FIRST[i % FIRST.length],
      lastName: `${LAST[Math.floor(i / FIRST.length) % LAST.length]}`,
      email: `cust${i}.${shop}@regrip.test`,
      phone: `+1303${2_000_000 + i}`,
    };
    const made = await Customers.insert(person);
    ids[i] = made.id;
    people[i] = { id: made.id, ...person };
  });
  // The texts' times, as before the orders were spread over the last 90 days.
  const base = Date.parse("2026-06-01T12:00:00.000Z");
  const now = Date.now();
  const span = 90 * 24 * 60 * 60 * 1000;
  const counts: Record<string, number> = {};
  const batch: Record<string, unknown>[] = [];
  const audits: Record<string, unknown>[] = [];
  const facts: Parameters<typeof figuresOf>[0] extends Iterable<infer F> ? F[] : never = [];
  const sold: Parameters<typeof salesOf>[0] extends Iterable<infer F> ? F[] : never = [];
  const refs: Record<string, unknown>[] = [];
  const flush = async (items: Record<string, unknown>[]) => {
    const entity = "action" in items[0] ? db().entities.auditLog : "reference" in items[0] ? db().entities.orderReference : db().entities.serviceOrder;
    await (entity.put as (items: never[]) => { go: (options: unknown) => Promise<unknown> })(items as never[]).go({ concurrency: 4 });
  };
  const chunks: Record<string, unknown>[][] = [];
  for (let i = 0; i < orders; i++) {
    const who = people[(i * 31) % customers];
    const status = statusAt(i);
    const stage = stageOfStatus[status as keyof typeof stageOfStatus];
    counts[stage] = (counts[stage] ?? 0) + 1;
    const at = new Date(now - Math.floor((i * span) / orders)).toISOString();
    const id = randomUUID();
    orderIds.push(id);
    const paymentStatus = status === "INVOICED" || status === "WAITING_ON_PAYMENT" ? "unpaid" : "paid";
    facts.push({ createdAt: at, status: status as never, paymentStatus, paidAt: paymentStatus === "paid" ? at : undefined, totalCents: 1200, refundedAmountCents: 0 });
    // How it was sold, for the reports' items: the same few products, shops, tenders and staff every day in both
    // shops (consecutive orders share a day), so the items a report reads are the days' keys, never the orders.
    const sale = SALES[i % SALES.length]!;
    const lineItems = [{ skuId: sale.skuId, name: sale.name, priceCents: 1200, quantity: 1 }];
    sold.push({
      id,
      createdAt: at,
      status: status as never,
      paymentStatus,
      paidAt: paymentStatus === "paid" ? at : undefined,
      totalCents: 1200,
      refundedAmountCents: 0,
      lineItems,
      paymentMethod: sale.method,
      dropoffLocation: sale.shop,
      ...(sale.staff ? { posPaymentDetails: { method: sale.method, amountCents: 1200, staffId: sale.staff, staffName: sale.staff, at } } : {}),
    });
    audits.push({
      ...Audit.entry({ actor: { type: "user", userId: who.id, username: who.email, roles: ["CUSTOMER"] }, actorName: who.firstName, action: "order.created", targetType: "order", targetId: id }),
      createdAt: at,
    });
    batch.push({
      id,
      userId: who.id,
      bagNumber: String(100 + (i % 900)),
      status,
      statusHistory: [{ to: status, at }],
      lineItems: sold[sold.length - 1]!.lineItems,
      paymentMethod: SALES[i % SALES.length]!.method,
      dropoffLocation: SALES[i % SALES.length]!.shop,
      subtotalCents: 1200,
      totalCents: 1200,
      paymentStatus,
      ...(paymentStatus === "paid" ? { paidAt: at } : {}),
      customer: { firstName: who.firstName, lastName: who.lastName, email: who.email, phone: who.phone },
      paddle: { nickname: "Bench", brand: "Joola" },
      createdAt: at,
      updatedAt: at,
    });
    // The id's reference item, as orders/create.ts writes it (orders/references.ts). The bag number's are left out:
    // these orders cycle through 900 bag numbers, so a bag's orders grow with the shop by construction.
    refs.push({ reference: id.slice(-6).toUpperCase(), createdAt: at, orderId: id });
    if (batch.length === 500) chunks.push(batch.splice(0));
    if (audits.length === 500) chunks.push(audits.splice(0));
    if (refs.length === 500) chunks.push(refs.splice(0));
  }
  if (batch.length) chunks.push(batch.splice(0));
  if (audits.length) chunks.push(audits.splice(0));
  if (refs.length) chunks.push(refs.splice(0));
  await pool(chunks, 4, flush);
  await OrderCounters.overwrite(counts);
  // The communications log, one text per order, sent when the order was made.
  const texts: Record<string, unknown>[][] = [];
  for (let i = 0; i < orders; i += 500) {
    texts.push(
      Array.from({ length: Math.min(500, orders - i) }, (_, j) => {
        const n = i + j;
        const who = people[(n * 31) % customers];
        return {
          channel: "sms",
          recipient: who.phone,
          userId: who.id,
          messageType: COMMS_TYPES[n % COMMS_TYPES.length],
          message: "Regrip: your paddle is ready for pickup!",
          status: n % 50 === 7 ? "failed" : "delivered",
          externalId: `SMbench${shop}${n}`,
          sentAt: new Date(base - n * 60_000).toISOString(),
        };
      }),
    );
  }
  await pool(texts, 4, async (items) => {
    await db().entities.communication.put(items as never[]).go({ concurrency: 4 } as never);
  });
  const days = [...figuresOf(facts)].map(([day, figures]) => ({ day, ...figures }));
  await db().entities.dailyStats.put(days).go();
  // The reports' aggregate items the same sales make (stats/recount.ts salesOf, as the recount writes them).
  const sales = salesOf(sold, [], [], []).map((d) => ({ dimension: d.dimension, location: d.location, day: d.day, key: d.key, label: d.label, ...d.add }));
  const salesChunks = Array.from({ length: Math.ceil(sales.length / 500) }, (_, k) => sales.slice(k * 500, k * 500 + 500));
  await pool(salesChunks, 4, async (items) => {
    await db().entities.salesStats.put(items as never[]).go({ concurrency: 4 } as never);
  });
  return { ids, orderIds, seconds: (Date.now() - started) / 1000 };
}

/**
 * The reminders job's rows: the fill's Ready and picked-up orders get their reminder timeline items
 * (entities/orderReminder.ts, as the move writer writes them) at the same daily rate in both shops, one order Ready
 * a day and five picked up a day, so the large shop is the small one with a longer history (19 and 33 years of
 * it, against 70 and 120 days). Then one run of the job (reminders/) at now, timed as the Cron runs it: the items
 * it reads are those of its windows (a few days before each reminder's moment), whatever the history.
 */
const READY_PER_DAY = 1;
const PICKED_UP_PER_DAY = 5;

async function fillReminderTimeline(orderIds: string[]): Promise<void> {
  const { db } = await import("../packages/core/src/db");
  const { stageOfStatus } = await import("../packages/core/src/shared/lifecycle");
  const { DAY_MS } = await import("../packages/core/src/shared/reminders");
  const now = Date.now();
  const counts = { ready: 0, picked_up: 0 };
  const items: Record<string, unknown>[] = [];
  orderIds.forEach((orderId, i) => {
    const stage = stageOfStatus[statusAt(i) as keyof typeof stageOfStatus];
    if (stage !== "ready" && stage !== "picked_up") return;
    const perDay = stage === "ready" ? READY_PER_DAY : PICKED_UP_PER_DAY;
    // Half a day off the reminders' moments, as a daily job meets them.
    const since = new Date(now - DAY_MS / 2 - Math.floor((counts[stage]++ * DAY_MS) / perDay)).toISOString();
    items.push({ orderId, userId: "bench", stage, since });
  });
  const chunks: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += 500) chunks.push(items.slice(i, i + 500));
  await pool(chunks, 4, async (chunk) => {
    await db().entities.orderReminder.put(chunk as never[]).go({ concurrency: 4 } as never);
  });
}

/** Items read by one run of the reminders job at now (its texts go to the bench's outbox file). */
async function remindersRunReads(): Promise<number> {
  const { runReminders, remindersActor } = await import("../packages/core/src/reminders");
  itemsRead = 0;
  await runReminders(remindersActor, { now: new Date() });
  return itemsRead;
}

/**
 * The text inbox: one conversation per customer's phone (`+1303<2,000,000 + i>`, as fill() makes them),
 * written as inbound.ts writes them (each with its box of the byInbox index), two messages each, one in three
 * with an unread text; the unread-conversations counter set to that count.
 */
async function fillInbox(customers: number): Promise<void> {
  const { db } = await import("../packages/core/src/db");
  const now = Date.now();
  const conversations: Record<string, unknown>[] = [];
  const messages: Record<string, unknown>[] = [];
  for (let i = 0; i < customers; i++) {
    const phoneNumber = `+1303${2_000_000 + i}`;
    const at = new Date(now - i * 60_000).toISOString();
    const unread = i % 3 === 0 ? 1 : 0;
    conversations.push({ phoneNumber, lastMessageAt: at, lastMessagePreview: "status?", unread, needsReply: false, inbox: unread ? "unread" : "read", revision: 2 });
    messages.push(
      { conversationId: phoneNumber, direction: "inbound", fromNumber: phoneNumber, toNumber: "+15550000000", messageBody: "status?", externalId: `SMin${i}`, status: "received", createdAt: at, updatedAt: at },
      { conversationId: phoneNumber, direction: "outbound", fromNumber: "+15550000000", toNumber: phoneNumber, messageBody: "Regrip: your open orders: …", status: "delivered", automaticResponse: "status", createdAt: at, updatedAt: at },
    );
  }
  const chunks = (items: Record<string, unknown>[]) => Array.from({ length: Math.ceil(items.length / 500) }, (_, k) => items.slice(k * 500, k * 500 + 500));
  await pool(chunks(conversations), 4, async (items) => {
    await db().entities.smsConversation.put(items as never[]).go({ concurrency: 4 } as never);
  });
  await pool(chunks(messages), 4, async (items) => {
    await db().entities.smsMessage.put(items as never[]).go({ concurrency: 4 } as never);
  });
  await db().entities.shopCounter.put({ name: "unreadConversations", count: Math.ceil(customers / 3) }).go();
}

/** The reports (GET /api/admin/reports/sales): the last 30 days by each breakdown, the fill's 90 days by day, a year by tender, one shop's month by item, and a CSV. */
function reportRequests(): [string, string][] {
  const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toLocaleDateString("en-CA", { timeZone: "America/Denver" });
  const month = `from=${day(29)}&to=${day(0)}`;
  return [
    ...(["day", "item", "category", "staff", "tender", "location"] as const).map((by): [string, string] => [`report, last 30 days by ${by}`, `/api/admin/reports/sales?${month}&by=${by}`]),
    ["report, 90 days by day", `/api/admin/reports/sales?from=${day(89)}&to=${day(0)}&by=day`],
    ["report, 366 days by tender", `/api/admin/reports/sales?from=${day(365)}&to=${day(0)}&by=tender`],
    ["report, one shop's last 30 days by item", `/api/admin/reports/sales?${month}&by=item&location=LITTLETON`],
    ["report, last 30 days by item as CSV", `/api/admin/reports/sales?${month}&by=item&format=csv`],
  ];
}

async function readsOf(url: string, token: string): Promise<number> {
  itemsRead = 0;
  const result = await invoke({ method: "GET", url, headers: { authorization: `Bearer ${token}` } });
  if (!result || result.statusCode !== 200) throw new Error(`${url}: ${result?.statusCode} ${result?.body}`);
  return itemsRead;
}

async function main() {
  const startedAt = Date.now();
  const children: ChildProcess[] = [];
  const dir = mkdtempSync(join(tmpdir(), "regrip-scale-"));
  const stop = async () => {
    for (const child of children) child.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  };
  process.on("SIGINT", () => void stop().then(() => process.exit(130)));
  // Filling is a load test of its own on a shared machine: the fill waits for DynamoDB Local instead of giving up after 2 s.
  Object.assign(callLimits as { requestTimeoutMs: number; maxAttempts: number }, { requestTimeoutMs: 60_000, maxAttempts: 10 });
  try {
    const settings = loadSettings({
      DYNAMODB_PORT: String(await freePort()),
      COGNITO_PORT: String(await freePort()),
      PORT: String(await freePort()),
      REGRIP_DATA_DIR: dir,
    });
    const [dynamo, cognito] = await Promise.all([startDynamo(settings.dynamoPort, null), startCognito(settings.cognitoPort, join(dir, "cognito"))]);
    children.push(dynamo, cognito);
    const userPool = await ensurePool(settings.cognitoPort, undefined);
    Object.assign(process.env, handlerEnvironment(settings, userPool));
    await ensureTable(settings.dynamoPort, localTableName);
    await seedDemoShop({ cognitoPort: settings.cognitoPort, userPoolId: userPool.userPoolId, accounts: settings.seed });

    const { dynamoDocumentClient } = await import("../packages/core/src/db/client");
    const client = dynamoDocumentClient();
    const send = client.send.bind(client) as (command: unknown) => Promise<unknown>;
    (client as unknown as { send: (command: unknown) => Promise<unknown> }).send = async (command: unknown) => {
      const out = (await send(command)) as { ScannedCount?: number; Count?: number; Item?: unknown; Responses?: Record<string, unknown[]> };
      if (typeof out?.ScannedCount === "number") itemsRead += out.ScannedCount;
      else if (typeof out?.Count === "number") itemsRead += out.Count;
      else if (out?.Responses) itemsRead += Object.values(out.Responses).reduce((n, list) => n + (Array.isArray(list) ? list.length : 0), 0);
      else if (out?.Item) itemsRead += 1;
      return out;
    };

    // Staff sign in with their authenticator app's code (the seeded admin has one: read it as its app would show it).
    const code = authenticatorCode(join(dir, "cognito"), userPool.userPoolId, settings.seed.admin.username);
    const signIn = await invoke({
      method: "POST",
      url: "/api/auth/local",
      headers: { "content-type": "application/json" },
      body: Buffer.from(JSON.stringify({ username: settings.seed.admin.username, password: settings.seed.admin.password, ...(code ? { code } : {}) })),
    });
    if (signIn?.statusCode !== 200) throw new Error(`signing in: ${signIn?.statusCode} ${signIn?.body}`);
    const token = JSON.parse(signIn!.body).idToken as string;

    const shops = [
      { name: "small", customers: 100, orders: 1_000 },
      { name: "large", customers: LARGE_CUSTOMERS, orders: LARGE_ORDERS },
    ];
    const reads: Record<string, Record<string, number>> = {};
    for (const shop of shops) {
      const table = `regrip-scale-${shop.name}`;
      await ensureTable(settings.dynamoPort, table);
      process.env.TABLE_NAME = table;
      const filled = await fill(shop.name, shop.customers, shop.orders);
      console.log(`${shop.name} shop: ${shop.customers.toLocaleString("en")} customers, ${shop.orders.toLocaleString("en")} orders filled in ${filled.seconds.toFixed(0)} s`);
      await fillInbox(shop.customers);
      const one = `cust7.${shop.name}@regrip.test`;
      const requests: [string, string][] = [
        ["customer search, one customer (email)", `/api/admin/customers/search?q=${encodeURIComponent(one)}`],
        ["customer search, 20 of many (\"anna\")", "/api/admin/customers/search?q=anna"],
        ["queue first page (GET /api/admin/orders)", "/api/admin/orders"],
        ["queue first page, Active", "/api/admin/orders?stage=active"],
        ["admin orders first page, stage=awaiting_payment", "/api/admin/orders?stage=awaiting_payment"],
        ["admin orders first page, stage=ready", "/api/admin/orders?stage=ready"],
        ["order search by a customer's email", `/api/admin/orders?q=${encodeURIComponent(one)}`],
        ["order search by a short reference (an id's last 6)", `/api/admin/orders?q=${filled.orderIds[7]!.slice(-6).toLowerCase()}`],
        ["stage counts", "/api/admin/orders/counts"],
        ["communications log first page", "/api/admin/communications"],
        ["communications log, status=failed (1 in 50)", "/api/admin/communications?status=failed"],
        ["communications log, type=test (1 in 200)", "/api/admin/communications?type=test"],
        ["broadcast users first page", "/api/admin/users"],
        ["broadcast users search (\"anna\")", "/api/admin/users?q=anna"],
        ["dashboard (GET /api/admin/analytics)", "/api/admin/analytics"],
        ["audit list, first page (GET /api/admin/audit)", "/api/admin/audit"],
        ["Recent Activity (GET /api/admin/audit?limit=10)", "/api/admin/audit?limit=10"],
        ["text inbox first page (GET /api/admin/conversations)", "/api/admin/conversations"],
        ["text inbox, Unread first page", "/api/admin/conversations?unread=1"],
        ["text inbox thread, with the customer's open orders", `/api/admin/conversations/1303${2_000_007}/messages`],
        ["text inbox search by a phone's last 4 digits", "/api/admin/conversations?q=0007"],
        ["customer search by a phone's last 4 digits (\"0007\")", "/api/admin/customers/search?q=0007"],
        ...reportRequests(),
      ];
      reads[shop.name] = {};
      for (const [label, url] of requests) reads[shop.name][label] = await readsOf(url, token);
      await fillReminderTimeline(filled.orderIds);
      reads[shop.name][`reminders job, one run (${READY_PER_DAY} order Ready and ${PICKED_UP_PER_DAY} picked up a day)`] = await remindersRunReads();
    }
    let over = 0;
    console.log("\n| request | items read, 100 customers / 1,000 orders | items read, " +
      `${LARGE_CUSTOMERS.toLocaleString("en")} / ${LARGE_ORDERS.toLocaleString("en")} | ratio (budget ${BUDGET}) |`);
    console.log("|---|---|---|---|");
    for (const label of Object.keys(reads.small)) {
      const small = reads.small[label];
      const large = reads.large[label];
      const ratio = small === 0 ? (large === 0 ? 1 : Infinity) : large / small;
      const ok = ratio <= BUDGET;
      if (!ok) over++;
      console.log(`| ${label} | ${small} | ${large} | ${ratio.toFixed(2)}: ${ok ? "ok" : "**over**"} |`);
    }
    console.log(`\nbench:scale took ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
    await stop();
    process.exit(over && process.env.BENCH_STRICT === "1" ? 1 : 0);
  } catch (error) {
    await stop();
    throw error;
  }
}

void main();
