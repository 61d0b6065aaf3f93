/**
 * `npm run stage:setup`'s module (scripts/lib/stage-setup.ts) against DynamoDB Local and cognito-local: a new
 * stage's table and user pool of this file's own, made as npm start makes them, and the local target's secrets.
 * The command on a deployed stage runs this same module; only how it finds the pool, the table and the secrets
 * differs (scripts/lib/stage-target.ts, unit-tested with stand-in clients).
 */
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from "@aws-sdk/client-cognito-identity-provider";
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { decodeJwt } from "jose";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { env, secrets, whenUnset } from "../../infra/env";
import { cognitoClient, createLogin, ensurePool, type LocalPool } from "../../infra/local/cognito";
import { ensureTable } from "../../infra/local/dynamo";
import { loadSettings } from "../../infra/local/settings";
import { quickSaleProducts, starterCatalogue } from "../../infra/starter-catalogue";
import { Audit } from "../../packages/core/src/audit";
import * as Catalogue from "../../packages/core/src/catalogue";
import { dynamoDocumentClient } from "../../packages/core/src/db";
import { uniqueKey } from "../../packages/core/src/entities";
import { db } from "../../packages/core/src/db";
import * as Products from "../../packages/core/src/products";
import { Users } from "../../packages/core/src/users";
import { describeSetup, setUpStage, StageSetupError, type StageTarget } from "../../scripts/lib/stage-setup";
import { localTarget } from "../../scripts/lib/stage-target";

const cognitoPort = inject("cognitoPort");
// This worker's DynamoDB Local (worker-table.ts), the one the handlers' client reaches.
const dynamoPort = Number(new URL(process.env.AWS_ENDPOINT_URL_DYNAMODB!).port);
const tableName = `stage-setup-${randomUUID().slice(0, 8)}`;
const demoTable = process.env[env.tableName];
const cognito = cognitoClient(cognitoPort);
let pool: LocalPool;
let target: StageTarget;

// The stage's secrets as `.env` would give them: all empty but one SNS value (and npm start's own webhook secrets).
const blank = Object.fromEntries(secrets.map(({ name }) => [name, ""]));
const settings = loadSettings({ ...blank, SNS_SMS_SENDER_ID: "Regrip" });
const owner = { email: "Owner@Shop.test", firstName: "Olive", lastName: "Owner" };
const systemAdmin = { type: "system", name: "test" } as const;

beforeAll(async () => {
  await ensureTable(dynamoPort, tableName);
  pool = await ensurePool(cognitoPort, undefined);
  target = localTarget(settings, pool, tableName, cognito);
});

afterAll(() => {
  process.env[env.tableName] = demoTable;
  cognito.destroy();
});

/** Every item of the stage's table, for "a second run writes nothing" (a Scan: a test's own small table). */
async function tableItems(): Promise<string[]> {
  const items: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamoDocumentClient().send(new ScanCommand({ TableName: tableName, ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) items.push(JSON.stringify(item, Object.keys(item).sort()));
    start = page.LastEvaluatedKey;
  } while (start);
  return items.sort();
}

async function groupsOf(username: string): Promise<string[]> {
  const answer = await cognito.send(new AdminListGroupsForUserCommand({ UserPoolId: pool.userPoolId, Username: username }));
  return (answer.Groups ?? []).map((g) => g.GroupName!);
}

describe("stage:setup on a new stage", () => {
  const starterCodes = starterCatalogue.map((p) => p.code);
  const quickSaleCodes = quickSaleProducts.map((p) => p.code);
  let firstReport: Awaited<ReturnType<typeof setUpStage>>;

  it("creates the admin in ADMIN with a temporary password, puts in the catalogue and the quick-sale products, and lists the unset secrets", async () => {
    firstReport = await setUpStage(target, owner);
    const { admin, catalogue } = firstReport;
    expect(admin).toMatchObject({ username: "owner@shop.test", email: "owner@shop.test", outcome: "created", status: "FORCE_CHANGE_PASSWORD", userItem: "created" });
    expect(admin.temporaryPassword).toMatch(/^[A-Za-z2-9]{16}$/);
    expect(await groupsOf("owner@shop.test")).toEqual(["ADMIN"]);

    // The admin's user item, as a first sign-in makes it: id = the login's sub, ADMIN role, claims, search terms.
    const login = await cognito.send(new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: "owner@shop.test" }));
    expect(login.UserAttributes?.find((a) => a.Name === "sub")?.Value).toBe(admin.userId);
    const user = await Users.get(admin.userId);
    expect(user).toMatchObject({ username: "owner@shop.test", email: "owner@shop.test", emailVerified: true, firstName: "Olive", lastName: "Owner" });
    expect([...user!.roles].sort()).toEqual(["ADMIN", "CUSTOMER"]);
    expect(user!.searchTerms).toEqual(expect.arrayContaining(["oliveowner", "ownershoptest"]));
    const claim = await db().entities.uniqueValue.get(uniqueKey("username", "owner@shop.test")).go();
    expect(claim.data?.ownerId).toBe(admin.userId);

    // Every product, the counted ones at 0 in stock; the quick-sale products hidden.
    expect(catalogue.created.sort()).toEqual([...starterCodes, ...quickSaleCodes].sort());
    expect(catalogue).toMatchObject({ present: [], codeTaken: [], starterAddedAt: undefined });
    const counted = [...starterCatalogue, ...quickSaleProducts].filter((p) => p.counted).map((p) => p.code);
    expect(catalogue.countedAtZero.sort()).toEqual(counted.sort());
    // Each shop's starter contact, shown by GET /api/locations.
    expect(catalogue.shopContactsAdded).toEqual(["LITTLETON", "HIGHLANDS_RANCH"]);
    const services = await Catalogue.services(null);
    expect(services.coreServices.map((s) => s.name)).toEqual(["Strip and Grip", "Basic Overgrip", "Premium Regrip"]);
    const quickSale = await Products.list(systemAdmin).then((all) => all.filter((p) => p.isQuickSale));
    expect(quickSale.map((p) => [p.code, p.unitAmountCents, p.isVisible, p.stockQuantity])).toEqual(
      expect.arrayContaining([
        ["QS-REGRIP", 4500, false, 0],
        ["QS-EDGE-GUARD", 1500, false, 0],
        ["QS-OVERGRIP", 800, false, 0],
      ]),
    );
    const weight = (await Products.list(systemAdmin)).find((p) => p.code === "ADD-WEIGHT");
    expect(weight?.stockQuantity).toBeNull();

    // Secrets: one line each, the unset ones with what the stage goes without.
    const byName = Object.fromEntries(firstReport.secrets.map((s) => [s.name, s]));
    expect(firstReport.secrets.map((s) => s.name)).toEqual(secrets.map((s) => s.name));
    expect(byName.SNS_SMS_SENDER_ID).toEqual({ name: "SNS_SMS_SENDER_ID", state: "set" });
    expect(byName.STRIPE_WEBHOOK_SECRET).toMatchObject({ state: "set", note: expect.stringContaining("npm start") });
    expect(byName.STRIPE_SECRET_KEY).toMatchObject({ state: "unset", unsetMeans: whenUnset.STRIPE_SECRET_KEY });
    expect(byName.TWILIO_FROM_NUMBER).toMatchObject({ state: "unset", unsetMeans: expect.stringContaining("Twilio") });
    expect(firstReport.secrets.filter((s) => s.state === "unset")).toHaveLength(secrets.length - 3);

    const printed = describeSetup(target, firstReport, "http://localhost:3000").join("\n");
    expect(printed).toContain(`Temporary password: ${admin.temporaryPassword}`);
    expect(printed).toContain("http://localhost:3000/login, Admin panel, username owner@shop.test");
    expect(printed).toContain(`Added ${starterCodes.length + quickSaleCodes.length} products`);
    expect(printed).toContain(`${counted.length} counted products start with 0 in stock`);
    expect(printed).toMatch(/unset +STRIPE_SECRET_KEY: No card payments/);
    expect(printed).toContain("Secrets (.env (npm start)): 3 of 15 set.");

    const recorded = await Audit.forTarget("user", admin.userId);
    expect(recorded.map((e) => e.action)).toEqual(["user.admin_created"]);
  });

  it("the admin signs in only after choosing a new password (NEW_PASSWORD_REQUIRED), and then holds ADMIN", async () => {
    const { admin } = firstReport;
    const first = await cognito.send(
      new InitiateAuthCommand({ AuthFlow: "USER_PASSWORD_AUTH", ClientId: pool.clientId, AuthParameters: { USERNAME: admin.username, PASSWORD: admin.temporaryPassword! } }),
    );
    expect(first.ChallengeName).toBe("NEW_PASSWORD_REQUIRED");
    expect(first.AuthenticationResult).toBeUndefined();
    const answered = await cognito.send(
      new RespondToAuthChallengeCommand({
        ClientId: pool.clientId,
        ChallengeName: "NEW_PASSWORD_REQUIRED",
        Session: first.Session,
        ChallengeResponses: { USERNAME: admin.username, NEW_PASSWORD: "OwnersOwn42" },
      }),
    );
    const claims = decodeJwt(answered.AuthenticationResult!.IdToken!);
    expect(claims.sub).toBe(admin.userId);
    expect(claims["cognito:groups"]).toEqual(["ADMIN"]);
    const again = await cognito.send(
      new InitiateAuthCommand({ AuthFlow: "USER_PASSWORD_AUTH", ClientId: pool.clientId, AuthParameters: { USERNAME: admin.username, PASSWORD: "OwnersOwn42" } }),
    );
    expect(again.AuthenticationResult?.IdToken).toBeTruthy();
  });

  it("a second run leaves the admin and an admin's edits as they are, puts back no deleted product, and writes nothing", async () => {
    const { admin } = firstReport;
    const actor = { type: "user", userId: admin.userId, username: admin.username, roles: ["CUSTOMER", "ADMIN"] } as const;
    await Products.update({ ...actor, roles: [...actor.roles] }, { id: "sku-premium-regrip-black-tacky", patch: { unitAmountCents: 5900 } });
    await Products.adjustStock({ ...actor, roles: [...actor.roles] }, { id: "sku-qs-regrip", adjustment: { quantityChange: 12 } });
    await Products.setVisibility({ ...actor, roles: [...actor.roles] }, { id: "sku-edge-tape", visibility: { isVisible: false } });
    await Products.remove({ ...actor, roles: [...actor.roles] }, { id: "sku-butt-cap" });
    const before = await tableItems();

    const second = await setUpStage(target, owner);
    expect(second.admin).toMatchObject({ outcome: "exists", status: "CONFIRMED", userId: admin.userId, userItem: "present", temporaryPassword: undefined });
    expect(second.catalogue).toMatchObject({ created: [], codeTaken: [], countedAtZero: [], starterAddedAt: expect.any(String) });
    expect(second.catalogue.present.sort()).toEqual([...quickSaleCodes].sort());
    expect(await tableItems()).toEqual(before);

    const products = await Products.list(systemAdmin);
    const byId = (id: string) => products.find((p) => p.id === id);
    expect(byId("sku-premium-regrip-black-tacky")?.unitAmountCents).toBe(5900);
    expect(byId("sku-qs-regrip")?.stockQuantity).toBe(12);
    expect(byId("sku-edge-tape")?.isVisible).toBe(false);
    expect(byId("sku-butt-cap")).toBeUndefined();

    const printed = describeSetup(target, second).join("\n");
    expect(printed).toContain("owner@shop.test is already an admin (status CONFIRMED): left as is.");
    expect(printed).toContain("Nothing to add.");
    expect(printed).toContain("products deleted since are not put back");
    expect(printed).not.toContain("Temporary password");
  });

  it("never makes an existing account that is not an admin an admin", async () => {
    const email = `someone-${randomUUID().slice(0, 8)}@shop.test`;
    await createLogin(cognitoPort, pool.userPoolId, { username: email, password: "Customer123", email });
    const before = await tableItems();
    await expect(setUpStage(target, { email })).rejects.toThrow(StageSetupError);
    await expect(setUpStage(target, { email })).rejects.toThrow(/already exists and is not an admin \(status CONFIRMED, no group\)/);
    expect(await groupsOf(email)).toEqual([]);
    expect(await tableItems()).toEqual(before);
  });

  it("finishes an invitation a stopped run left outside ADMIN", async () => {
    const email = `stopped-${randomUUID().slice(0, 8)}@shop.test`;
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: pool.userPoolId,
        Username: email,
        UserAttributes: [{ Name: "email", Value: email }],
        TemporaryPassword: "Temporary123",
        MessageAction: "SUPPRESS",
      }),
    );
    const report = await setUpStage(target, { email });
    expect(report.admin).toMatchObject({ outcome: "finished", status: "FORCE_CHANGE_PASSWORD", userItem: "created", temporaryPassword: undefined });
    expect(await groupsOf(email)).toEqual(["ADMIN"]);
  });

  it("in email mode leaves the temporary password to the pool, which sends it", async () => {
    const email = `invited-${randomUUID().slice(0, 8)}@shop.test`;
    const report = await setUpStage({ ...target, invitation: "email" }, { email, username: "invited" });
    expect(report.admin).toMatchObject({ username: "invited", email, outcome: "created", status: "FORCE_CHANGE_PASSWORD", temporaryPassword: undefined });
    expect(await groupsOf("invited")).toEqual(["ADMIN"]);
    expect(describeSetup(target, report).join("\n")).toContain(`Cognito emailed a temporary password to ${email}`);
  });
});
