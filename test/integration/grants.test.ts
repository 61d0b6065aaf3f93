/**
 * Least privilege on one machine (infra/grants.ts, packages/core/src/aws/grants.ts): every handler runs under
 * its route's declared grants, and its clients refuse what the declaration leaves out, against the real
 * DynamoDB Local, the uploads folder, the SMS outbox and `.env`'s secrets, exactly where IAM would in the cloud.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { GrantRefused } from "../../packages/core/src/aws/grant-check";
import { withGrants } from "../../packages/core/src/aws/grants";
import { db } from "../../packages/core/src/db";
import { uniqueKey } from "../../packages/core/src/entities";
import { Identity } from "../../packages/core/src/identity";
import { secret } from "../../packages/core/src/secrets";
import { Texts } from "../../packages/core/src/texts";
import { presignPut } from "../../packages/core/src/uploads";
import { findRoute, type Route } from "../../packages/functions/src/routes";
import { call, newCustomer } from "./support";

/** The error, or one it wraps (ElectroDB keeps the SDK's error as `cause`). */
function refusal(error: unknown): GrantRefused | undefined {
  for (let current = error as { cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (current instanceof GrantRefused) return current;
  }
  return undefined;
}

async function refused(run: () => Promise<unknown>): Promise<GrantRefused> {
  const error = await run().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  const found = refusal(error);
  if (!found) throw new Error(`expected a refusal, got ${error === undefined ? "success" : String(error)}`);
  return found;
}

const restores: (() => void)[] = [];
afterEach(() => {
  while (restores.length) restores.pop()!();
  vi.restoreAllMocks();
});

/** Runs the route with a narrower declaration for this test only (the route table's own object). */
function declare(key: string, grants: Route["grants"]): void {
  const route = findRoute(key)!;
  const saved = route.grants;
  route.grants = grants;
  restores.push(() => (route.grants = saved));
}

describe("a route's undeclared call is refused", () => {
  it("POST /api/paddles without its table put: 500, nothing written, and the log names the route and the grant", async () => {
    const player = await newCustomer();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    declare("POST /api/paddles", { table: ["read"] });

    const answer = await call("POST", "/api/paddles", { token: player.token, body: { brand: "Joola", nickname: "Refused" } });
    expect(answer.status).toBe(500);
    expect(answer.body.message).toBe("Something went wrong on our side. Please try again.");
    const said = logged.mock.calls.flat().map((part) => (part instanceof Error ? `${part.message} ${String((part as { cause?: unknown }).cause ?? "")}` : String(part)));
    expect(said.join("\n")).toContain("POST /api/paddles is not granted table: put (it declares table:read)");

    restores.pop()!();
    expect((await call("GET", "/api/paddles", { token: player.token })).body).toEqual([]);
    // With its own declaration the same call goes through.
    expect((await call("POST", "/api/paddles", { token: player.token, body: { brand: "Joola", nickname: "Granted" } })).status).toBe(201);
  });

  it("a read-only declaration cannot write through a transaction, a delete or an update", async () => {
    const scope = { name: "GET /api/services", grants: { table: ["read"] as const } };
    const { user } = db().entities;
    const error = await refused(() => withGrants(scope, () => user.patch({ userId: "no-such-user" }).set({ firstName: "X" }).go()));
    expect(error.message).toContain("GET /api/services is not granted table: update");
    await refused(() => withGrants(scope, () => user.delete({ userId: "no-such-user" }).go()));
    const transaction = await refused(() =>
      withGrants(scope, () =>
        db()
          .transaction.write(({ uniqueValue }) => [uniqueValue.put({ ...uniqueKey("email", "grants@regrip.test"), ownerId: "t-1" }).commit()])
          .go(),
      ),
    );
    expect(transaction.message).toContain("table: put");
    // Reading is what it declares.
    await expect(withGrants(scope, () => user.get({ userId: "no-such-user" }).go())).resolves.toMatchObject({ data: null });
  });

  it("secrets, texts, uploads and password sign-in are refused unless declared", async () => {
    const bare = { name: "GET /api/orders", grants: { table: ["read"] as const } };
    expect((await refused(async () => withGrants(bare, () => secret("STRIPE_SECRET_KEY")))).message).toContain("secrets: STRIPE_SECRET_KEY");
    expect(
      (await refused(async () => withGrants(bare, () => Texts.send("test", { message: "hi" }, { phone: "+15555550100" })))).message,
    ).toContain("is not granted texts");
    expect(
      (await refused(async () => withGrants(bare, () => presignPut("skus/s-1/i-1.png", { contentType: "image/png", size: 10 })))).message,
    ).toContain("uploads: skus");
    expect(
      (await refused(async () => withGrants(bare, () => Identity.signInWithPassword(null, { username: "x", password: "y" })))).message,
    ).toContain("passwordSignIn");
    // A folder is its own grant: paddles/ does not open skus/.
    const paddles = { name: "POST /api/paddles/{id}/photo", grants: { uploads: ["paddles"] as const } };
    await refused(async () => withGrants(paddles, () => presignPut("skus/s-1/i-1.png", { contentType: "image/png", size: 10 })));
    await expect(withGrants(paddles, () => presignPut("paddles/u/p/i.png", { contentType: "image/png", size: 10 }))).resolves.toHaveProperty("uploadUrl");
    // The texts grant brings the providers' secrets with it.
    expect(await withGrants({ name: "texts", grants: { texts: true } }, () => secret("TWILIO_AUTH_TOKEN"))).toBe(await secret("TWILIO_AUTH_TOKEN"));
  });

  it("outside any function (scripts, the seed, test setup) nothing is refused", async () => {
    expect(await secret("STRIPE_SECRET_KEY")).toBe(process.env.STRIPE_SECRET_KEY || undefined);
    await expect(db().entities.user.get({ userId: "no-such-user" }).go()).resolves.toMatchObject({ data: null });
  });
});
