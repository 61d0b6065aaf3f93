/**
 * Restoring the users (packages/core/src/user-backup, docs/operations.md): the nightly export under the export job's
 * grants, the re-import into the pool (new subs, same usernames, attributes and groups, an account that "Forgot
 * password" can reset) and the table's items moved to the new ids, so a customer signs in again and finds their
 * orders. Only this file's own users are deleted and re-imported: the pool is the run's.
 */
import {
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
} from "@aws-sdk/client-cognito-identity-provider";
import { GetItemCommand, PutItemCommand } from "@aws-sdk/client-dynamodb";
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, inject, it } from "vitest";
import { env } from "../../infra/env";
import { remindersJob, userExportJob } from "../../infra/jobs";
import { storedUsers } from "../../infra/local/authenticator";
import { cognitoClient, cognitoDataDir } from "../../infra/local/cognito";
import { withGrants } from "../../packages/core/src/aws/grants";
import { dynamoClient } from "../../packages/core/src/db/client";
import { exportUsers, parseUserExport, type UserExport } from "../../packages/core/src/user-backup";
import { importUsers } from "../../packages/core/src/user-backup/import";
import { remapUserIds } from "../../packages/core/src/user-backup/remap";
import { ownOrder } from "./booking-support";
import { call, newCustomer, signIn } from "./support";

const cognito = cognitoClient(inject("cognitoPort"));
const userPoolId = inject("userPoolId");
afterAll(() => cognito.destroy());

/** The code cognito-local keeps for a user after ForgotPassword (its pool's JSON file; in the cloud, an email). */
function resetCode(username: string): string {
  // Read as the local stand-ins read cognito-local's data: again a moment later when caught mid-write.
  const code = storedUsers(cognitoDataDir(inject("runDir")), userPoolId).find((user) => user.Username === username)?.ConfirmationCode;
  if (!code) throw new Error(`cognito-local holds no reset code for ${username}`);
  return code;
}

const orderIds = async (token: string) => ((await call("GET", "/api/orders", { token })).body.orders as { id: string }[]).map((o) => o.id).sort();

describe("restoring the users", () => {
  it("exports every user and group under the export job's grants, and under no other job's", async () => {
    const customer = await newCustomer(["EMPLOYEE"]);
    const exported = await withGrants(userExportJob, () => exportUsers(cognito, userPoolId, new Date("2026-05-01T08:30:00Z")));
    expect(exported).toMatchObject({ format: "regrip-user-export", version: 1, userPoolId, exportedAt: "2026-05-01T08:30:00.000Z" });
    const mine = exported.users.find((user) => user.username === customer.username)!;
    expect(mine).toMatchObject({ sub: customer.sub, enabled: true, status: "CONFIRMED", attributes: { email: customer.email, email_verified: "true" } });
    expect(mine.attributes.sub).toBeUndefined();
    expect(exported.groups.find((group) => group.name === "EMPLOYEE")!.members).toContain(customer.username);
    expect(exported.groups.map((group) => group.name)).toEqual(expect.arrayContaining(["ADMIN", "EMPLOYEE"]));
    // What the file holds reads back as it was; anything else is refused with a reason.
    expect(parseUserExport(JSON.stringify(exported))).toEqual(exported);
    expect(() => parseUserExport('{"users": []}')).toThrow(/not a user export/);
    await expect(withGrants(remindersJob, () => exportUsers(cognito, userPoolId))).rejects.toThrow(/Reminders job is not granted listUsers/);
  });

  it("re-imports deleted users with new ids, moves their orders to them, and lets them reset their password and find their orders", async () => {
    const customers = [await newCustomer(), await newCustomer(["EMPLOYEE"])];
    const before = new Map<string, string[]>();
    for (const customer of customers) {
      await ownOrder(customer.token);
      before.set(customer.username, await orderIds(customer.token));
      expect(before.get(customer.username)).toHaveLength(1);
    }
    const names = new Set(customers.map((c) => c.username));
    const all = await exportUsers(cognito, userPoolId);
    // This file's users only: the rest of the run's pool stays as it is.
    const exported: UserExport = {
      ...all,
      users: all.users.filter((user) => names.has(user.username)),
      groups: all.groups.map((group) => ({ ...group, members: group.members.filter((name) => names.has(name)) })),
    };
    expect(exported.users).toHaveLength(2);

    for (const customer of customers) await cognito.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: customer.username }));
    const report = await importUsers(cognito, userPoolId, exported);
    expect(report.created.sort()).toEqual([...names].sort());
    expect(report.memberships).toBe(1);
    for (const customer of customers) {
      expect(report.mapping[customer.sub]).toMatch(/^[0-9a-f-]{36}$/);
      expect(report.mapping[customer.sub]).not.toBe(customer.sub);
    }
    // The same attributes and groups; an account Cognito lets reset its password (FORCE_CHANGE_PASSWORD would not).
    const again = await exportUsers(cognito, userPoolId);
    for (const user of exported.users) {
      const back = again.users.find((u) => u.username === user.username)!;
      expect(back).toMatchObject({ sub: report.mapping[user.sub], attributes: user.attributes, enabled: true, status: "CONFIRMED" });
    }
    expect(again.groups.find((g) => g.name === "EMPLOYEE")!.members).toContain(customers[1]!.username);
    expect(again.groups.find((g) => g.name === "EMPLOYEE")!.members).not.toContain(customers[0]!.username);
    // The employee's authenticator app does not come back (its secret is never exported): nor does its group, so
    // staff tools stay closed until they set up a new one.
    expect(exported.groups.find((g) => g.name === "MFA")!.members).toEqual([customers[1]!.username]);
    expect(again.groups.find((g) => g.name === "MFA")!.members).not.toContain(customers[1]!.username);

    const table = process.env[env.tableName]!;
    const moved = await remapUserIds(dynamoClient(), table, report.mapping);
    // Each user item, and each paddle and order (among others) under a key holding the id.
    expect(moved.moved).toBeGreaterThanOrEqual(2 * 3);
    expect(await remapUserIds(dynamoClient(), table, report.mapping)).toMatchObject({ moved: 0, rewritten: 0 });
    // A second re-import finds them there and maps them to the same ids.
    const second = await importUsers(cognito, userPoolId, exported);
    expect(second).toMatchObject({ created: [], mapping: report.mapping });

    const tokens: string[] = [];
    for (const customer of customers) {
      const newId = report.mapping[customer.sub]!;
      expect((await call("POST", "/api/auth/local", { body: { username: customer.username, password: "TestPass123" } })).status).toBe(401);
      const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: customer.username }));
      expect(user.UserStatus).toBe("CONFIRMED");
      const clientId = process.env[env.userPoolClientId]!;
      await cognito.send(new ForgotPasswordCommand({ ClientId: clientId, Username: customer.username }));
      await cognito.send(
        new ConfirmForgotPasswordCommand({ ClientId: clientId, Username: customer.username, ConfirmationCode: resetCode(customer.username), Password: "Restored123" }),
      );
      const token = await signIn(customer.username, "Restored123");
      const me = await call("GET", "/api/auth/user", { token });
      expect(me.body).toMatchObject({ id: newId, email: customer.email });
      expect(await orderIds(token)).toEqual(before.get(customer.username));
      const [orderId] = before.get(customer.username)!;
      expect((await call("GET", `/api/orders/${orderId}`, { token })).status).toBe(200);
      tokens.push(token);
    }
    // Still each customer's own: the other one (not staff) is refused it.
    expect((await call("GET", `/api/orders/${before.get(customers[1]!.username)![0]}`, { token: tokens[0] })).status).toBe(404);
  });

  it("moves an id wherever an item holds it: its keys, index keys, lists, sets, maps and map keys", async () => {
    const [from, to, other] = [randomUUID(), randomUUID(), randomUUID()];
    const table = process.env[env.tableName]!;
    const client = dynamoClient();
    await client.send(
      new PutItemCommand({
        TableName: table,
        Item: {
          pk: { S: `test#${from}` },
          sk: { S: "restore" },
          gsi1pk: { S: `owner#${from}` },
          gsi1sk: { S: other },
          note: { S: `by ${from}, not ${other}` },
          ids: { SS: [from, other] },
          history: { L: [{ M: { actor: { S: from }, count: { N: "2" } } }] },
          byUser: { M: { [from]: { S: "seen" } } },
        },
      }),
    );
    const report = await remapUserIds(client, table, { [from]: to });
    expect(report.moved).toBe(1);
    expect((await client.send(new GetItemCommand({ TableName: table, Key: { pk: { S: `test#${from}` }, sk: { S: "restore" } } }))).Item).toBeUndefined();
    const { Item } = await client.send(new GetItemCommand({ TableName: table, Key: { pk: { S: `test#${to}` }, sk: { S: "restore" } }, ConsistentRead: true }));
    expect(Item).toEqual({
      pk: { S: `test#${to}` },
      sk: { S: "restore" },
      gsi1pk: { S: `owner#${to}` },
      gsi1sk: { S: other },
      note: { S: `by ${to}, not ${other}` },
      ids: { SS: expect.arrayContaining([to, other]) },
      history: { L: [{ M: { actor: { S: to }, count: { N: "2" } } }] },
      byUser: { M: { [to]: { S: "seen" } } },
    });
    await expect(remapUserIds(client, table, { "not-an-id": to })).rejects.toThrow(/Not a user id/);
  });
});
