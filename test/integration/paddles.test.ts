import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env } from "../../infra/env";
import { createLocalServer } from "../../infra/local/server";
import { Audit } from "../../packages/core/src/audit";
import { db } from "../../packages/core/src/db";
import { signUpload } from "../../packages/core/src/uploads";
import { newBag } from "./booking-support";
import { call, newCustomer, seed, signIn } from "./support";

const create = (token: string, body: unknown) => call("POST", "/api/paddles", { token, body });
const patch = (token: string, id: string, body: unknown) => call("PATCH", `/api/paddles/${id}`, { token, body });
const list = async (token: string) => (await call("GET", "/api/paddles", { token })).body as { id: string; [k: string]: unknown }[];

async function paddleOf(token: string, fields: Record<string, unknown> = {}) {
  const answer = await create(token, { brand: "Joola", nickname: "Big Blue", ...fields });
  expect(answer.status).toBe(201);
  return answer.body as { id: string; userId: string; [k: string]: unknown };
}

describe("POST /api/paddles", () => {
  it("makes one paddle of a double click: a repeat of the Idempotency-Key answers the first one's paddle", async () => {
    const player = await newCustomer();
    const key = randomUUID();
    const send = (nickname: string) => call("POST", "/api/paddles", { token: player.token, body: { brand: "Joola", nickname }, headers: { "Idempotency-Key": key } });
    const [first, second] = await Promise.all([send("Twice"), send("Twice")]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.id).toBe(first.body.id);
    // Later, the same key still names that paddle; another key, or none, makes a new one.
    expect((await send("Twice")).body.id).toBe(first.body.id);
    expect((await list(player.token)).map((p) => p.id)).toEqual([first.body.id]);
    await create(player.token, { brand: "Joola", nickname: "Another" });
    expect(await list(player.token)).toHaveLength(2);
    // Another customer's same key is theirs alone.
    const other = await newCustomer();
    const theirs = await call("POST", "/api/paddles", { token: other.token, body: { brand: "Joola", nickname: "Theirs" }, headers: { "Idempotency-Key": key } });
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(first.body.id);
    // A key that is no key is refused, not a 500.
    const bad = await call("POST", "/api/paddles", { token: player.token, body: { brand: "Joola", nickname: "Bad" }, headers: { "Idempotency-Key": "has spaces in it" } });
    expect(bad.status).toBe(400);
  });

  it("creates a paddle with every field and answers it with nulls for the rest", async () => {
    const player = await newCustomer();
    const answer = await create(player.token, {
      brand: " Selkirk ",
      nickname: "Vanguard",
      model: "Power Air",
      personality: "Pops off the face",
      coreThickness: 16,
      shape: "elongated",
      material: "graphite",
      colorway: "Red/Black",
      serial: "SK-123",
      prefs: { tackiness: 4, color: "black" },
      knownDefects: "Edge guard chip",
      weightGrams: 228,
      gripSize: '4 1/4"',
      // Not the caller's to set: ignored.
      bagId: "some-bag",
      id: "chosen-id",
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(String),
      userId: player.sub,
      brand: "Selkirk",
      model: "Power Air",
      nickname: "Vanguard",
      personality: "Pops off the face",
      coreThickness: 16,
      shape: "elongated",
      material: "graphite",
      colorway: "Red/Black",
      serial: "SK-123",
      photoUrl: null,
      photoUrls: null,
      prefs: { tackiness: 4, color: "black" },
      bagId: null,
      bag: null,
      openOrderId: null,
      ownershipStatus: "owned",
      knownDefects: "Edge guard chip",
      weightGrams: 228,
      gripSize: '4 1/4"',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(answer.body.id).not.toBe("chosen-id");
    const quick = await create(player.token, { brand: "Unspecified", nickname: "Loaner", model: "" });
    expect(quick.body).toMatchObject({ brand: "Unspecified", nickname: "Loaner", model: null, coreThickness: null, prefs: { tackiness: null, color: null } });
  });

  const core = "Core thickness must be between 11 and 18 mm";
  it.each([
    ["no brand", { nickname: "n" }, "Brand is required"],
    ["a blank brand", { brand: "   ", nickname: "n" }, "Brand is required"],
    ["no nickname", { brand: "Joola" }, "Nickname is required"],
    ["an empty nickname", { brand: "Joola", nickname: "" }, "Nickname is required"],
    ["a core of 10 mm", { brand: "b", nickname: "n", coreThickness: 10 }, core],
    ["a core of 19 mm", { brand: "b", nickname: "n", coreThickness: 19 }, core],
    ["a core of 15.5 mm", { brand: "b", nickname: "n", coreThickness: 15.5 }, core],
    ["a core given as text", { brand: "b", nickname: "n", coreThickness: "16" }, core],
    ["an unknown shape", { brand: "b", nickname: "n", shape: "round" }, "Shape must be one of elongated, hybrid, dad-bod, wide-body, other"],
    ["an unknown material", { brand: "b", nickname: "n", material: "steel" }, "Material must be one of wood, graphite, fiberglass, composite, other"],
    ["a brand over 60 characters", { brand: "b".repeat(61), nickname: "n" }, "Brand must be at most 60 characters"],
    ["a model over 60 characters", { brand: "b", nickname: "n", model: "m".repeat(61) }, "Model must be at most 60 characters"],
    ["a serial over 100 characters", { brand: "b", nickname: "n", serial: "s".repeat(101) }, "Serial or notes must be at most 100 characters"],
    ["known defects over 500 characters", { brand: "b", nickname: "n", knownDefects: "d".repeat(501) }, "Known defects must be at most 500 characters"],
    ["a tackiness of 6", { brand: "b", nickname: "n", prefs: { tackiness: 6 } }, "Tackiness must be between 0 and 5"],
    ["a weight of 0 grams", { brand: "b", nickname: "n", weightGrams: 0 }, "Weight must be between 1 and 1000 grams"],
    ["a script as photo", { brand: "b", nickname: "n", photoUrl: "javascript:alert(1)" }, "Photo must be an uploaded image or a web address"],
    ["an unknown ownership status", { brand: "b", nickname: "n", ownershipStatus: "sold" }, "Ownership must be owned or no_longer_own"],
  ])("is 400 for %s", async (_, body, message) => {
    const player = await newCustomer();
    const answer = await create(player.token, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message });
    expect(await list(player.token)).toEqual([]);
  });

  it("lets staff create a paddle for a customer, and nobody else", async () => {
    const customer = await newCustomer();
    await call("GET", "/api/auth/user", { token: customer.token });
    const employee = await signIn(seed.employee.username, seed.employee.password);
    const made = await create(employee, { brand: "Paddletek", nickname: "Quick sale", userId: customer.sub });
    expect(made.status).toBe(201);
    expect(made.body.userId).toBe(customer.sub);
    expect((await list(customer.token)).map((p) => p.id)).toEqual([made.body.id]);
    // A staff write: audited, with who did it.
    const audit = await Audit.forTarget("paddle", made.body.id);
    expect(audit.map((entry) => [entry.action, entry.actorName ?? entry.actorId])).toEqual([["paddle.created_for_customer", expect.any(String)]]);
    expect(audit[0].diff).toMatchObject({ userId: customer.sub, nickname: "Quick sale" });

    const stranger = await newCustomer();
    const refused = await create(stranger.token, { brand: "Joola", nickname: "Not mine", userId: customer.sub });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/permission/);
    expect(await list(customer.token)).toHaveLength(1);

    const own = await create(stranger.token, { brand: "Joola", nickname: "Mine", userId: stranger.sub });
    expect(own.status).toBe(201);

    const unknown = await create(employee, { brand: "Joola", nickname: "Nobody's", userId: randomUUID() });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: "Customer not found" });
  });
});

describe("GET /api/paddles", () => {
  it("lists the caller's owned paddles, newest first, with their bag's code", async () => {
    const player = await newCustomer();
    const first = await paddleOf(player.token, { nickname: "First" });
    const second = await paddleOf(player.token, { nickname: "Second" });
    const third = await paddleOf(player.token, { nickname: "Third" });
    // A bag made as staff make one (a unique code, its uniqueness items), then put in the paddle's item.
    const bag = await newBag();
    await db().entities.paddle.patch({ userId: player.sub, id: second.id }).set({ bagId: bag.id }).go();
    await patch(player.token, third.id, { ownershipStatus: "no_longer_own" });

    const paddles = await list(player.token);
    expect(paddles.map((p) => p.nickname)).toEqual(["Second", "First"]);
    expect(paddles.map((p) => p.id)).toEqual([second.id, first.id]);
    expect(paddles[0]).toMatchObject({ bagId: bag.id, bag: { code3: bag.code3 } });
    expect(paddles[1]).toMatchObject({ bagId: null, bag: null });

    const other = await newCustomer();
    expect(await list(other.token)).toEqual([]);
  });
});

describe("PATCH /api/paddles/{id}", () => {
  it("changes only the fields sent, and clears one sent as null or empty", async () => {
    const player = await newCustomer();
    const paddle = await paddleOf(player.token, { model: "Perseus", coreThickness: 14, colorway: "Blue" });
    const answer = await patch(player.token, paddle.id, { model: "Hyperion", coreThickness: 16 });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ brand: "Joola", nickname: "Big Blue", model: "Hyperion", coreThickness: 16, colorway: "Blue" });
    expect(answer.body.updatedAt >= (paddle.updatedAt as string)).toBe(true);

    const cleared = await patch(player.token, paddle.id, { model: null, colorway: "", prefs: { tackiness: 2 } });
    expect(cleared.body).toMatchObject({ model: null, colorway: null, coreThickness: 16, prefs: { tackiness: 2, color: null } });
    const noPrefs = await patch(player.token, paddle.id, { prefs: null });
    expect(noPrefs.body.prefs).toEqual({ tackiness: null, color: null });

    const nothing = await patch(player.token, paddle.id, {});
    expect(nothing.status).toBe(200);
    expect(nothing.body).toMatchObject({ id: paddle.id, coreThickness: 16 });
  });

  it.each([
    ["an emptied brand", { brand: "" }, "Brand is required"],
    ["a null nickname", { nickname: null }, "Nickname is required"],
    ["a core of 19 mm", { coreThickness: 19 }, "Core thickness must be between 11 and 18 mm"],
    ["an unknown ownership status", { ownershipStatus: "lost" }, "Ownership must be owned or no_longer_own"],
  ])("is 400 for %s", async (_, body, message) => {
    const player = await newCustomer();
    const paddle = await paddleOf(player.token);
    const answer = await patch(player.token, paddle.id, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message });
  });

  it("marks a paddle no longer owned, which hides it, and back", async () => {
    const player = await newCustomer();
    const paddle = await paddleOf(player.token);
    const gone = await patch(player.token, paddle.id, { ownershipStatus: "no_longer_own" });
    expect(gone.body.ownershipStatus).toBe("no_longer_own");
    expect(await list(player.token)).toEqual([]);
    await patch(player.token, paddle.id, { ownershipStatus: "owned" });
    expect((await list(player.token)).map((p) => p.id)).toEqual([paddle.id]);
  });
});

describe("another customer's paddle", () => {
  it("is 404 Paddle not found for PATCH, DELETE and photo, exactly as an unknown id, and stays untouched", async () => {
    const [owner, stranger] = await Promise.all([newCustomer(), newCustomer()]);
    const paddle = await paddleOf(owner.token);
    for (const id of [paddle.id, randomUUID()]) {
      const answers = [
        await patch(stranger.token, id, { nickname: "Stolen" }),
        await call("DELETE", `/api/paddles/${id}`, { token: stranger.token }),
        await call("POST", `/api/paddles/${id}/photo`, { token: stranger.token, body: { contentType: "image/png", size: 10 } }),
        await call("POST", `/api/paddles/${id}/photo`, { token: stranger.token, body: {} }),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({ message: "Paddle not found" });
      }
    }
    expect((await list(owner.token))[0]).toMatchObject({ id: paddle.id, nickname: "Big Blue" });
    // No item was created in the stranger's partition by the refused PATCH.
    expect((await db().entities.paddle.get({ userId: stranger.sub, id: paddle.id }).go()).data).toBeNull();
  });
});

describe("staff", () => {
  it("cannot edit, photograph or delete a customer's paddle through the customer's own routes", async () => {
    const owner = await newCustomer();
    const paddle = await paddleOf(owner.token);
    const before = (await db().entities.paddle.get({ userId: owner.sub, id: paddle.id }).go()).data;
    for (const staff of [await signIn(seed.employee.username, seed.employee.password), await signIn(seed.admin.username, seed.admin.password)]) {
      for (const answer of [
        await patch(staff, paddle.id, { knownDefects: "Cracked edge guard" }),
        await call("DELETE", `/api/paddles/${paddle.id}`, { token: staff }),
        await call("POST", `/api/paddles/${paddle.id}/photo`, { token: staff, body: { contentType: "image/webp", size: 10 } }),
        await call("DELETE", `/api/paddles/${randomUUID()}`, { token: staff }),
      ]) {
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({ message: "Paddle not found" });
      }
    }
    expect((await db().entities.paddle.get({ userId: owner.sub, id: paddle.id }).go()).data).toEqual(before);
    expect((await list(owner.token)).map((p) => p.id)).toEqual([paddle.id]);
  });
});

describe("DELETE /api/paddles/{id}", () => {
  it("deletes the paddle: 204, then gone", async () => {
    const player = await newCustomer();
    const paddle = await paddleOf(player.token);
    const answer = await call("DELETE", `/api/paddles/${paddle.id}`, { token: player.token });
    expect(answer.status).toBe(204);
    expect(answer.body).toBe("");
    expect(await list(player.token)).toEqual([]);
    expect((await patch(player.token, paddle.id, { nickname: "again" })).status).toBe(404);
    expect((await call("DELETE", `/api/paddles/${paddle.id}`, { token: player.token })).status).toBe(404);
  });
});

describe("paddle photos", () => {
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    server = createLocalServer({
      webDist: mkdtempSync(join(tmpdir(), "regrip-web-")),
      webConfig: {},
      cognitoPort: 1,
      uploadsDir: process.env[env.uploadsDir],
    });
    await new Promise<void>((resolve) => server.listen(0, resolve));
    origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const askForUpload = (token: string, id: string, body: unknown) => call("POST", `/api/paddles/${id}/photo`, { token, body });

  it("hands out an upload URL; the file PUT there is served at photoUrl and kept on the paddle", async () => {
    const player = await newCustomer();
    const paddle = await paddleOf(player.token);
    const image = randomBytes(2048);
    const target = await askForUpload(player.token, paddle.id, { contentType: "image/png", size: image.length });
    expect(target.status).toBe(200);
    expect(target.body).toEqual({
      uploadUrl: expect.stringMatching(/^\/uploads\/paddles\/.+\?token=\d+\.[0-9a-f]{64}$/),
      method: "PUT",
      headers: { "Content-Type": "image/png" },
      photoUrl: expect.stringMatching(new RegExp(`^/uploads/paddles/${player.sub}/${paddle.id}/[0-9a-f-]{36}\\.png$`)),
    });
    expect(target.body.uploadUrl.startsWith(`${target.body.photoUrl}?`)).toBe(true);

    const put = await fetch(`${origin}${target.body.uploadUrl}`, { method: "PUT", headers: target.body.headers, body: image });
    expect(put.status).toBe(200);
    const got = await fetch(`${origin}${target.body.photoUrl}`);
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("image/png");
    expect(got.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await got.arrayBuffer()).equals(image)).toBe(true);

    const saved = await patch(player.token, paddle.id, { photoUrl: target.body.photoUrl });
    expect(saved.body.photoUrl).toBe(target.body.photoUrl);
    expect((await list(player.token))[0].photoUrl).toBe(target.body.photoUrl);
    const removed = await patch(player.token, paddle.id, { photoUrl: null });
    expect(removed.body.photoUrl).toBeNull();
  });

  it.each([
    ["a PDF", { contentType: "application/pdf", size: 100 }, "Please select an image file"],
    ["an SVG", { contentType: "image/svg+xml", size: 100 }, "Please select an image file"],
    ["no content type", { size: 100 }, "Please select an image file"],
    ["an empty file", { contentType: "image/jpeg", size: 0 }, "Please select an image file"],
    ["no size", { contentType: "image/jpeg" }, "Please select an image file"],
    ["a file over 5MB", { contentType: "image/jpeg", size: 5 * 1024 * 1024 + 1 }, "Please select an image smaller than 5MB"],
  ])("is 400 for %s", async (_, body, message) => {
    const player = await newCustomer();
    const paddle = await paddleOf(player.token);
    const answer = await askForUpload(player.token, paddle.id, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message });
  });

  it("accepts exactly 5MB", async () => {
    const player = await newCustomer();
    const paddle = await paddleOf(player.token);
    expect((await askForUpload(player.token, paddle.id, { contentType: "image/jpeg", size: 5 * 1024 * 1024 })).status).toBe(200);
  });

  describe("the local upload endpoint", () => {
    async function target(contentType = "image/jpeg") {
      const player = await newCustomer();
      const paddle = await paddleOf(player.token);
      return (await askForUpload(player.token, paddle.id, { contentType, size: 1000 })).body as {
        uploadUrl: string;
        photoUrl: string;
      };
    }

    it("refuses a wrong, missing or expired token, and a token for another key", async () => {
      const { uploadUrl, photoUrl } = await target();
      const { photoUrl: otherKey } = await target();
      const dir = process.env[env.uploadsDir]!;
      const key = photoUrl.slice("/uploads/".length);
      const expired = signUpload(dir, key, "image/jpeg", Math.floor(Date.now() / 1000) - 1);
      const token = new URL(uploadUrl, origin).searchParams.get("token")!;
      const tampered = token.replace(/.$/, (c) => (c === "0" ? "1" : "0"));
      for (const url of [`${photoUrl}?token=${tampered}`, photoUrl, `${photoUrl}?token=${expired}`, `${otherKey}?token=${token}`]) {
        const put = await fetch(`${origin}${url}`, { method: "PUT", headers: { "Content-Type": "image/jpeg" }, body: randomBytes(10) });
        expect(put.status, url).toBe(403);
      }
      expect((await fetch(`${origin}${photoUrl}`)).status).toBe(404);
      expect((await fetch(`${origin}${otherKey}`)).status).toBe(404);
    });

    it("refuses a body that is not an image, or another type than signed", async () => {
      const { uploadUrl } = await target();
      const text = await fetch(`${origin}${uploadUrl}`, { method: "PUT", headers: { "Content-Type": "text/html" }, body: "<script>" });
      expect(text.status).toBe(415);
      expect(await text.json()).toEqual({ message: "Please select an image file" });
      const png = await fetch(`${origin}${uploadUrl}`, { method: "PUT", headers: { "Content-Type": "image/png" }, body: randomBytes(10) });
      expect(png.status).toBe(403);
    });

    it("refuses a body over 5MB and keeps nothing of it", async () => {
      const { uploadUrl, photoUrl } = await target();
      const put = await fetch(`${origin}${uploadUrl}`, {
        method: "PUT",
        headers: { "Content-Type": "image/jpeg" },
        body: randomBytes(5 * 1024 * 1024 + 1),
      });
      expect(put.status).toBe(413);
      expect(await put.json()).toEqual({ message: "Please select an image smaller than 5MB" });
      expect((await fetch(`${origin}${photoUrl}`)).status).toBe(404);
    });

    it("refuses an oversized body sent without a length", async () => {
      const { uploadUrl, photoUrl } = await target();
      const big = randomBytes(5 * 1024 * 1024 + 10);
      const stream = new ReadableStream({
        start(controller) {
          for (let at = 0; at < big.length; at += 256 * 1024) controller.enqueue(big.subarray(at, at + 256 * 1024));
          controller.close();
        },
      });
      const put = await fetch(`${origin}${uploadUrl}`, {
        method: "PUT",
        headers: { "Content-Type": "image/jpeg" },
        body: stream,
        duplex: "half",
      } as RequestInit);
      expect(put.status).toBe(413);
      expect((await fetch(`${origin}${photoUrl}`)).status).toBe(404);
    });

    it("serves nothing outside the photos: no signing key, no paths out of the folder", async () => {
      for (const path of ["/uploads/.signing-key", "/uploads/..%2F..%2Fetc%2Fpasswd", "/uploads/paddles/../.signing-key", "/uploads/%2e%2e/x.png"]) {
        const answer = await fetch(`${origin}${path}`);
        expect(answer.status, path).toBe(404);
      }
    });
  });
});
