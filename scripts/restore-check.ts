/**
 * `npm run restore:check`: rehearses docs/operations.md's restore on one machine, and fails when anything comes back
 * different. Starts its own DynamoDB Local and cognito-local on free ports with a data folder of its own, seeds the
 * demo shop, books orders as customers through the API, then:
 *
 * 1. exports the users with the nightly job's own function, under the job's grants (packages/core/src/user-backup);
 * 2. dumps the table (a Scan: on one machine this stands in for point-in-time recovery or an AWS Backup);
 * 3. wipes both: every user of the pool deleted, the table deleted;
 * 4. restores: the table made again under the same name and the dump written back, the users re-imported
 *    (`importUsers`, as `npm run restore:users` does), their ids moved in the table (`remapUserIds`), twice: the
 *    second run must change nothing;
 * 5. proves it: the same users (usernames, attributes, enabled, groups), the same items with each old id swapped for
 *    the new one, and every customer, after setting a password through "Forgot password", signs in and sees the
 *    same orders through the API.
 *
 * Prints one figure line (users, items, seconds); exits 1 on any difference.
 */
import { storedUsers } from "../infra/local/authenticator";
import { AUTHENTICATOR_GROUP } from "../packages/core/src/shared/roles";
import {
  AdminDeleteUserCommand,
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
  type CognitoIdentityProviderClient,
} from "@aws-sdk/client-cognito-identity-provider";
import { BatchWriteItemCommand, DeleteTableCommand, ScanCommand, type AttributeValue, type DynamoDBClient } from "@aws-sdk/client-dynamodb";
import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { env } from "../infra/env";
import { userExportJob } from "../infra/jobs";
import { cognitoClient, cognitoDataDir, createLogin, ensurePool, startCognito, type LocalPool } from "../infra/local/cognito";
import { dynamoClient, ensureTable, startDynamo } from "../infra/local/dynamo";
import { loadSettings } from "../infra/local/settings";
import { handlerEnvironment, localTableName } from "../infra/local/shop";
import { freePort } from "./lib/ports";

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

type Item = Record<string, AttributeValue>;

class Mismatch extends Error {}

function check(ok: boolean, what: string): void {
  if (!ok) throw new Mismatch(what);
}

/** One call through the route table and the real handler, as the integration tests make them. */
async function api(method: string, url: string, token?: string, body?: unknown): Promise<{ status: number; body: any }> {
  const { invoke } = await import("../infra/local/adapter");
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  const answer = await invoke({ method, url, headers, body: body === undefined ? undefined : Buffer.from(JSON.stringify(body)) });
  if (!answer) return { status: 404, body: {} };
  return { status: answer.statusCode, body: (answer.headers["content-type"] ?? "").includes("json") ? JSON.parse(answer.body) : answer.body };
}

async function signIn(username: string, password: string): Promise<string> {
  const answer = await api("POST", "/api/auth/local", undefined, { username, password });
  check(answer.status === 200, `${username} signs in (answered ${answer.status}: ${JSON.stringify(answer.body)})`);
  return answer.body.idToken as string;
}

/** The caller's orders through the API, oldest first by id: what "the same orders" means to a customer. */
async function ordersOf(token: string): Promise<string[]> {
  const answer = await api("GET", "/api/orders?limit=100", token);
  check(answer.status === 200, `GET /api/orders answers 200 (got ${answer.status})`);
  return (answer.body.orders as { id: string; orderNumber?: string; totalCents?: number; status?: string }[])
    .map((order) => JSON.stringify([order.id, order.orderNumber, order.totalCents, order.status]))
    .sort();
}

/** A new customer who books one regrip through the API (their phone marked verified, as the tests' helpers do). */
async function bookingCustomer(cognitoPort: number, pool: LocalPool): Promise<{ username: string; password: string }> {
  const [{ db }, { Bags }] = await Promise.all([import("../packages/core/src/db"), import("../packages/core/src/bags")]);
  const username = `restore-${randomUUID().slice(0, 8)}@regrip.test`;
  const password = "RestorePlay1";
  await createLogin(cognitoPort, pool.userPoolId, { username, password, email: username, givenName: "Robin", familyName: "Restore" });
  const token = await signIn(username, password);
  const me = await api("GET", "/api/auth/user", token);
  check(me.status === 200, "GET /api/auth/user makes the customer's user item");
  await db().entities.user.patch({ userId: me.body.id }).set({ phone: `+1720555${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`, phoneVerified: true }).go();
  const paddle = await api("POST", "/api/paddles", token, { brand: "Joola", model: "Perseus", nickname: "Restored" });
  check(paddle.status === 201, `the customer adds a paddle (answered ${paddle.status}: ${JSON.stringify(paddle.body)})`);
  const service = "sku-basic-overgrip-black-dry";
  await db().entities.sku.patch({ id: service }).add({ stockQuantity: 1 }).go();
  const [bag] = await Bags.create({ type: "system", name: "restore-check" }, { count: 1 });
  const booked = await api("POST", "/api/book-service", token, { paddleId: paddle.body.id, bagNumber: bag!.code3, dropoffLocation: "LITTLETON", service });
  check(booked.status === 201, `the customer books a regrip (answered ${booked.status}: ${JSON.stringify(booked.body)})`);
  return { username, password };
}

async function dumpTable(dynamo: DynamoDBClient, tableName: string): Promise<Item[]> {
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const page = await dynamo.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey: start, ConsistentRead: true }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** The dump written back, 25 items a request (BatchWriteItem's most), unprocessed ones sent again. */
async function loadTable(dynamo: DynamoDBClient, tableName: string, items: Item[]): Promise<void> {
  for (let i = 0; i < items.length; i += 25) {
    let requests = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    while (requests.length) {
      const answer = await dynamo.send(new BatchWriteItemCommand({ RequestItems: { [tableName]: requests } }));
      requests = (answer.UnprocessedItems?.[tableName] ?? []) as typeof requests;
    }
  }
}

/** Items as comparable lines: attributes in order, so two equal items are equal strings. */
function canonical(items: Item[]): string[] {
  const sorted = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sorted);
    if (value && typeof value === "object") return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sorted((value as Record<string, unknown>)[key])]));
    return value;
  };
  return items.map((item) => JSON.stringify(sorted(item))).sort();
}

/** "Forgot password": a code to the user's email (read from cognito-local's file), then their own new password. */
async function resetPassword(cognito: CognitoIdentityProviderClient, dataDir: string, pool: LocalPool, username: string, password: string): Promise<void> {
  await cognito.send(new ForgotPasswordCommand({ ClientId: pool.clientId, Username: username }));
  const code = storedUsers(cognitoDataDir(dataDir), pool.userPoolId).find((user) => user.Username === username)?.ConfirmationCode;
  check(Boolean(code), `a reset code for ${username}`);
  await cognito.send(new ConfirmForgotPasswordCommand({ ClientId: pool.clientId, Username: username, ConfirmationCode: code!, Password: password }));
}

async function main(): Promise<number> {
  const startedAt = Date.now();
  const dataDir = mkdtempSync(join(tmpdir(), "regrip-restore-check-"));
  const children: ChildProcess[] = [];
  const stop = async () => {
    for (const child of children) child.kill("SIGTERM");
    await Promise.all(children.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)))));
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once("SIGINT", () => void stop().then(() => process.exit(130)));
  try {
    const settings = loadSettings({
      DYNAMODB_PORT: String(await freePort()),
      COGNITO_PORT: String(await freePort()),
      PORT: String(await freePort()),
      REGRIP_DATA_DIR: dataDir,
    });
    const started = await Promise.allSettled([startDynamo(settings.dynamoPort, null), startCognito(settings.cognitoPort, cognitoDataDir(dataDir))]);
    for (const result of started) if (result.status === "fulfilled") children.push(result.value);
    for (const result of started) if (result.status === "rejected") throw result.reason;
    const pool = await ensurePool(settings.cognitoPort, undefined);
    Object.assign(process.env, handlerEnvironment(settings, pool));
    const tableName = process.env[env.tableName] ?? localTableName;
    await ensureTable(settings.dynamoPort, tableName);
    const { seedDemoShop } = await import("../infra/local/seed");
    await seedDemoShop({ cognitoPort: settings.cognitoPort, userPoolId: pool.userPoolId, accounts: settings.seed });

    const [{ exportUsers }, { importUsers }, { remapUserIds }, { withGrants }] = await Promise.all([
      import("../packages/core/src/user-backup"),
      import("../packages/core/src/user-backup/import"),
      import("../packages/core/src/user-backup/remap"),
      import("../packages/core/src/aws/grants"),
    ]);
    const cognito = cognitoClient(settings.cognitoPort);
    const dynamo = dynamoClient(settings.dynamoPort);

    // The shop before: the demo's customer with her orders, and two customers who booked through the API.
    const customers = [
      { username: settings.seed.customer.username, password: settings.seed.customer.password },
      await bookingCustomer(settings.cognitoPort, pool),
      await bookingCustomer(settings.cognitoPort, pool),
    ];
    const ordersBefore = new Map<string, string[]>();
    for (const customer of customers) ordersBefore.set(customer.username, await ordersOf(await signIn(customer.username, customer.password)));
    check([...ordersBefore.values()].every((orders) => orders.length > 0), "every customer has an order before the restore");

    // 1 and 2: the night's export, as the job makes it (under its grants), and the table's copy.
    const exported = await withGrants(userExportJob, () => exportUsers(cognito, pool.userPoolId));
    const dump = await dumpTable(dynamo, tableName);

    // 3: both lost.
    for (const user of exported.users) await cognito.send(new AdminDeleteUserCommand({ UserPoolId: pool.userPoolId, Username: user.username }));
    await dynamo.send(new DeleteTableCommand({ TableName: tableName }));
    check((await exportUsers(cognito, pool.userPoolId)).users.length === 0, "the pool is empty after the wipe");

    // 4: the table under its own name, the users back, their ids moved.
    await ensureTable(settings.dynamoPort, tableName);
    await loadTable(dynamo, tableName, dump);
    const imported = await importUsers(cognito, pool.userPoolId, exported);
    const remap = await remapUserIds(dynamo, tableName, imported.mapping);
    const again = await remapUserIds(dynamo, tableName, imported.mapping);
    check(again.moved === 0 && again.rewritten === 0, `a second remap changes nothing (it moved ${again.moved}, rewrote ${again.rewritten})`);
    check((await importUsers(cognito, pool.userPoolId, exported)).created.length === 0, "a second re-import creates nobody");

    // 5: the same users...
    const after = await exportUsers(cognito, pool.userPoolId);
    const people = (users: typeof exported.users) =>
      users.map((user) => JSON.stringify([user.username, user.attributes, user.enabled])).sort();
    check(JSON.stringify(people(after.users)) === JSON.stringify(people(exported.users)), "the same usernames, attributes and enabled flags");
    // The role groups come back whole; the authenticator group empty (no app's secret is exported: staff set one up again).
    const membership = (groups: typeof exported.groups) =>
      groups.map((group) => `${group.name}: ${group.name === AUTHENTICATOR_GROUP ? "" : group.members.join(", ")}`);
    check(JSON.stringify(membership(after.groups)) === JSON.stringify(membership(exported.groups)), "the same groups with the same members");
    check(after.groups.find((group) => group.name === AUTHENTICATOR_GROUP)?.members.length === 0, "nobody back in the authenticator group");
    check(Object.keys(imported.mapping).length === exported.users.length, "every user has a new id");
    check(Object.entries(imported.mapping).every(([from, to]) => from !== to), "Cognito gave every re-imported user a new sub");
    // ...the same items, each old id swapped for the new one...
    const swapped = JSON.parse(
      JSON.stringify(dump).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => imported.mapping[id] ?? id),
    ) as Item[];
    const restored = await dumpTable(dynamo, tableName);
    check(restored.length === dump.length, `as many items as before (${restored.length} against ${dump.length})`);
    check(JSON.stringify(canonical(restored)) === JSON.stringify(canonical(swapped)), "every item as before, with the new ids");
    // ...and each customer's own orders, once they chose a new password.
    for (const customer of customers) {
      check((await api("POST", "/api/auth/local", undefined, customer)).status === 401, `${customer.username}'s old password no longer works`);
      const password = `Restored${randomUUID().slice(0, 6)}1`;
      await resetPassword(cognito, dataDir, pool, customer.username, password);
      const orders = await ordersOf(await signIn(customer.username, password));
      check(JSON.stringify(orders) === JSON.stringify(ordersBefore.get(customer.username)), `${customer.username} sees the same orders`);
    }

    const orderCount = [...ordersBefore.values()].reduce((n, orders) => n + orders.length, 0);
    const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
    console.log(
      `[regrip] restore:check passed: ${exported.users.length} users in ${exported.groups.length} groups, ${dump.length} items ` +
        `(${remap.moved} moved to new ids, ${remap.rewritten} rewritten), ${orderCount} orders of ${customers.length} customers, ${seconds} s`,
    );
    cognito.destroy();
    dynamo.destroy();
    return 0;
  } catch (error) {
    console.error(`[regrip] restore:check failed: ${error instanceof Mismatch ? `not ${error.message}` : (error as Error).stack}`);
    return 1;
  } finally {
    await stop();
  }
}

process.exit(await main());
