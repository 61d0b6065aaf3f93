import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { covers, grantsKey, secretsOf } from "../../../../infra/grants";
import { enforceDeclaredGrants, GrantRefused, tableNeeds } from "./grant-check";
import { requireGrant, withGrants } from "./grants";

enforceDeclaredGrants();

const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

describe("tableNeeds", () => {
  it("names the access of each plain operation", () => {
    expect(tableNeeds("DynamoDB_20120810.GetItem", undefined)).toEqual([{ table: "read" }]);
    expect(tableNeeds("DynamoDB_20120810.Query", undefined)).toEqual([{ table: "read" }]);
    expect(tableNeeds("DynamoDB_20120810.BatchGetItem", undefined)).toEqual([{ table: "read" }]);
    expect(tableNeeds("DynamoDB_20120810.PutItem", undefined)).toEqual([{ table: "put" }]);
    expect(tableNeeds("DynamoDB_20120810.UpdateItem", undefined)).toEqual([{ table: "update" }]);
    expect(tableNeeds("DynamoDB_20120810.DeleteItem", undefined)).toEqual([{ table: "delete" }]);
  });

  it("reads each item of a transaction or a batch write from the body, as bytes or text", () => {
    const transaction = { TransactItems: [{ Put: {} }, { Update: {} }, { ConditionCheck: {} }, { Delete: {} }] };
    const needs = [{ table: "put" }, { table: "update" }, { table: "check" }, { table: "delete" }];
    expect(tableNeeds("DynamoDB_20120810.TransactWriteItems", bytes(transaction))).toEqual(needs);
    expect(tableNeeds("DynamoDB_20120810.TransactWriteItems", JSON.stringify(transaction))).toEqual(needs);
    const batch = { RequestItems: { t: [{ PutRequest: {} }, { DeleteRequest: {} }] } };
    expect(tableNeeds("DynamoDB_20120810.BatchWriteItem", bytes(batch))).toEqual([{ table: "put" }, { table: "delete" }]);
  });

  it("grants no Scan nor table management, whatever is declared", () => {
    for (const operation of ["Scan", "DeleteTable", "UpdateTable"]) expect(tableNeeds(`DynamoDB_20120810.${operation}`, undefined)).toBeUndefined();
  });
});

describe("declarations", () => {
  it("has one key per set of grants, whatever the order", () => {
    expect(grantsKey({ table: ["update", "read"], secrets: ["STRIPE_SECRET_KEY"] })).toBe(grantsKey({ secrets: ["STRIPE_SECRET_KEY"], table: ["read", "update"] }));
    expect(grantsKey({})).toBe("nothing");
    expect(grantsKey({ table: ["read"] })).not.toBe(grantsKey({ table: ["read", "put"] }));
  });

  it("gives the texts grant the SMS providers' secrets and nothing else", () => {
    expect(secretsOf({ texts: true })).toEqual(["SNS_ORIGINATION_NUMBER", "SNS_SMS_SENDER_ID", "TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM_NUMBER"]);
    expect(covers({ texts: true }, { secret: "STRIPE_SECRET_KEY" })).toBe(false);
    expect(covers({ table: ["read"] }, { table: "put" })).toBe(false);
    expect(covers({ uploads: ["paddles"] }, { uploads: "paddles/u/p/x.png" })).toBe(true);
    expect(covers({ uploads: ["paddles"] }, { uploads: "paddlesx/y.png" })).toBe(false);
  });

  it("keeps the user export's two grants apart: listing the pool writes no export, and the reverse", () => {
    expect(covers({ listUsers: true, userExports: true }, { listUsers: true })).toBe(true);
    expect(covers({ listUsers: true }, { userExports: true })).toBe(false);
    expect(covers({ userExports: true }, { listUsers: true })).toBe(false);
    expect(covers({ passwordSignIn: true }, { listUsers: true })).toBe(false);
    expect(grantsKey({ userExports: true, listUsers: true })).toBe("list-users user-exports");
  });
});

describe("requireGrant", () => {
  const saved = process.env.REGRIP_GRANTS_RECORD;
  afterEach(() => {
    if (saved === undefined) delete process.env.REGRIP_GRANTS_RECORD;
    else process.env.REGRIP_GRANTS_RECORD = saved;
  });

  it("refuses inside a scope what it does not declare, naming both, and allows outside any scope", () => {
    expect(() => requireGrant({ texts: true })).not.toThrow();
    const scope = { name: "POST /api/paddles", grants: { table: ["read", "put"] as const } };
    expect(() => withGrants(scope, () => requireGrant({ table: "put" }))).not.toThrow();
    expect(() => withGrants(scope, () => requireGrant({ texts: true }))).toThrow(
      "POST /api/paddles is not granted texts (it declares table:read+put)",
    );
  });

  it("keeps the scope across awaits and timers started inside it", async () => {
    const scope = { name: "job", grants: {} };
    await expect(
      withGrants(scope, async () => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        requireGrant({ passwordSignIn: true });
      }),
    ).rejects.toThrow(GrantRefused);
  });

  it("with REGRIP_GRANTS_RECORD writes what a scope uses once, and refuses nothing", () => {
    const file = join(mkdtempSync(join(tmpdir(), "grants-")), "record.jsonl");
    process.env.REGRIP_GRANTS_RECORD = file;
    withGrants({ name: "GET /x", grants: {} }, () => {
      requireGrant({ table: "read" });
      requireGrant({ table: "read" });
      requireGrant({ secret: "STRIPE_SECRET_KEY" });
    });
    const lines = readFileSync(file, "utf8").trim().split("\n").map((line) => JSON.parse(line));
    expect(lines).toEqual([
      { name: "GET /x", need: { table: "read" } },
      { name: "GET /x", need: { secret: "STRIPE_SECRET_KEY" } },
    ]);
  });
});
