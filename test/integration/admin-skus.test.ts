/**
 * Admin products and inventory (docs/api-admin.md "Products and inventory")
 * through the route table against DynamoDB Local: the spec's rules and messages, unique codes (moved with a code change),
 * stock edits as a difference that never go below zero and both count when made at once, visibility and delete
 * leaving the customer catalogue and the storefront at once, the quick-sale products kept hidden and kept, and an
 * audit entry for every write. Every product made here is deleted at the end (the catalogue test counts the
 * visible catalogue).
 */
import { mkdtempSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes, randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env } from "../../infra/env";
import { createLocalServer } from "../../infra/local/server";
import { Audit } from "../../packages/core/src/audit";
import { db } from "../../packages/core/src/db";
import { uniqueKey } from "../../packages/core/src/entities";
import {
  belowZero,
  CODE_REQUIRED,
  TAXABLE_BOOLEAN,
  codeInUse,
  IMAGE_URL_INVALID,
  INVALID_CATEGORY,
  INVALID_TYPE,
  NAME_REQUIRED,
  NOTHING_TO_UPDATE,
  PRICE_POSITIVE,
  PRODUCT_NOT_FOUND,
  QUANTITY_CHANGE,
  QUICK_SALE_HIDDEN,
  QUICK_SALE_KEEPS_CODE,
  QUICK_SALE_NOT_DELETED,
  STOCK_AS_DIFFERENCE,
  STOCK_WHOLE,
  UNLIMITED_STOCK,
  compareProducts,
  type ProductView,
} from "../../packages/core/src/shared/products";
import { book, bookingCustomer } from "./booking-support";
import { call, newCustomer, seed, signIn, type Answer } from "./support";

let admin: string;
let employee: string;
const made = new Set<string>();

beforeAll(async () => {
  admin = await signIn(seed.admin.username, seed.admin.password);
  employee = await signIn(seed.employee.username, seed.employee.password);
});

afterAll(async () => {
  for (const id of made) await call("DELETE", `/api/admin/skus/${id}`, { token: admin });
});

const uniqueCode = () => `T-${randomUUID().slice(0, 8).toUpperCase()}`;

async function create(body: Record<string, unknown>, token = admin): Promise<Answer<ProductView>> {
  const answer = await call<ProductView>("POST", "/api/admin/skus", { token, body, headers: { "user-agent": "admin-skus test" } });
  if (answer.status === 201) made.add(answer.body.id);
  return answer;
}

/** A product made through the API; hidden unless asked, so the customer catalogue stays as seeded. */
async function product(fields: Record<string, unknown> = {}): Promise<ProductView> {
  const answer = await create({ code: uniqueCode(), name: `Test product ${randomUUID().slice(0, 6)}`, unitAmountCents: 1000, isVisible: false, ...fields });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

const patch = (id: string, body: unknown, token = admin) => call<ProductView>("PATCH", `/api/admin/skus/${id}`, { token, body });
const inventory = (id: string, quantityChange: unknown, token = admin) =>
  call<ProductView>("PATCH", `/api/admin/skus/${id}/inventory`, { token, body: { quantityChange } });
const visibility = (id: string, isVisible: unknown, token = admin) => call<ProductView>("PATCH", `/api/admin/skus/${id}/visibility`, { token, body: { isVisible } });
const stored = async (id: string) => (await db().entities.sku.get({ id }).go({ consistent: true })).data;

/** Every sku id on the booking page's catalogue (GET /api/services, public). */
async function customerCatalogue(): Promise<string[]> {
  const answer = await call("GET", "/api/services");
  expect(answer.status).toBe(200);
  const { coreServices, addOnServices } = answer.body as { coreServices: { skus: { id: string }[] }[]; addOnServices: Record<string, { id: string }[]> };
  return [...coreServices.flatMap((service) => service.skus), ...Object.values(addOnServices).flat()].map((item) => item.id);
}

/** Every sku id on the storefront (GET /api/storefront/products, staff). */
async function storefront(): Promise<string[]> {
  const answer = await call("GET", "/api/storefront/products", { token: employee });
  expect(answer.status).toBe(200);
  return (answer.body.groups as { items: { id: string }[] }[]).flatMap((group) => group.items.map((item) => item.id));
}

describe("POST /api/admin/skus", () => {
  it("makes a product with the spec's defaults, the code upper-cased and reserved, the price rounded to cents, audited with ip and user agent", async () => {
    const code = `t-${randomUUID().slice(0, 8)}`;
    const answer = await create({ code: `  ${code} `, name: " Grip Wax ", unitAmountCents: 1999.6, description: "Keeps it tacky", brand: "" });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({
      code: code.toUpperCase(),
      name: "Grip Wax",
      category: "OTHER",
      type: "ONE_TIME",
      unitAmountCents: 2000,
      stockQuantity: null,
      lowStockThreshold: 5,
      displayOrder: 999,
      isVisible: true,
      isQuickSale: false,
      description: "Keeps it tacky",
      imageUrl: null,
      thumbnailUrl: null,
    });
    expect(answer.body.brand).toBeUndefined();
    const reservation = (await db().entities.uniqueValue.get(uniqueKey("skuCode", code)).go()).data;
    expect(reservation?.ownerId).toBe(answer.body.id);
    const [entry] = await Audit.forTarget("sku", answer.body.id);
    expect(entry).toMatchObject({ action: "sku.created", actorName: expect.any(String), userAgent: "admin-skus test", diff: { code: code.toUpperCase(), unitAmountCents: 2000 } });
    expect(entry!.ip).toEqual(expect.any(String));
    await call("DELETE", `/api/admin/skus/${answer.body.id}`, { token: admin });
  });

  it("keeps a product's taxable (goods: false unless said), changes it with an audited edit, and refuses anything but true or false", async () => {
    const code = `TAX${Date.now().toString(36).toUpperCase()}`;
    const made = await call("POST", "/api/admin/skus", { token: admin, body: { code, name: "Grip Tape", unitAmountCents: 900 } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.taxable).toBe(false);
    const goods = await call("PATCH", `/api/admin/skus/${made.body.id}`, { token: admin, body: { taxable: true } });
    expect(goods.status, JSON.stringify(goods.body)).toBe(200);
    expect(goods.body.taxable).toBe(true);
    const [entry] = await Audit.forTarget("sku", made.body.id, 1);
    expect(entry).toMatchObject({ action: "sku.updated", diff: { taxable: { from: false, to: true } } });
    const refused = await call("PATCH", `/api/admin/skus/${made.body.id}`, { token: admin, body: { taxable: "yes" } });
    expect(refused).toMatchObject({ status: 400, body: { message: TAXABLE_BOOLEAN } });
    await call("DELETE", `/api/admin/skus/${made.body.id}`, { token: admin });
  });

  it.each([
    [{ name: "X", unitAmountCents: 100 }, CODE_REQUIRED],
    [{ code: "   ", name: "X", unitAmountCents: 100 }, CODE_REQUIRED],
    [{ code: "A1", unitAmountCents: 100 }, NAME_REQUIRED],
    [{ code: "A1", name: "  ", unitAmountCents: 100 }, NAME_REQUIRED],
    [{ code: "A1", name: "X" }, PRICE_POSITIVE],
    [{ code: "A1", name: "X", unitAmountCents: -1 }, PRICE_POSITIVE],
    [{ code: "A1", name: "X", unitAmountCents: "12" }, PRICE_POSITIVE],
    [{ code: "A1", name: "X", unitAmountCents: 100, category: "GRIPS" }, INVALID_CATEGORY],
    [{ code: "A1", name: "X", unitAmountCents: 100, type: "RENTAL" }, INVALID_TYPE],
    [{ code: "A1", name: "X", unitAmountCents: 100, stockQuantity: 1.5 }, STOCK_WHOLE],
    [{ code: "A1", name: "X", unitAmountCents: 100, stockQuantity: -2 }, STOCK_WHOLE],
  ])("refuses %j with 400 %j and makes nothing", async (body, message) => {
    const before = (await db().entities.sku.query.catalogue({}).go({ pages: "all" })).data.length;
    const answer = await create(body);
    expect(answer).toMatchObject({ status: 400, body: { message } });
    expect((await db().entities.sku.query.catalogue({}).go({ pages: "all" })).data.length).toBe(before);
  });

  it("refuses a code in use, whatever its case, and of two creates at once with one code exactly one wins", async () => {
    const first = await product();
    const again = await create({ code: first.code.toLowerCase(), name: "Copy", unitAmountCents: 100, isVisible: false });
    expect(again).toMatchObject({ status: 409, body: { message: codeInUse(first.code) } });
    const code = uniqueCode();
    const answers = await Promise.all([1, 2, 3].map((n) => create({ code, name: `Race ${n}`, unitAmountCents: 100, isVisible: false })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    const owners = (await db().entities.sku.query.catalogue({}).go({ pages: "all" })).data.filter((sku) => sku.code === code);
    expect(owners).toHaveLength(1);
  });
});

describe("PATCH /api/admin/skus/{id}", () => {
  it("edits the price alone and any other field; the catalogue index follows a new name and price", async () => {
    const item = await product({ category: "EDGE", displayOrder: 500 });
    const priced = await patch(item.id, { unitAmountCents: 1234.4 });
    expect(priced).toMatchObject({ status: 200, body: { unitAmountCents: 1234, name: item.name, category: "EDGE", displayOrder: 500 } });
    const renamed = await patch(item.id, { name: "Renamed", category: "WEIGHT", color: "Blue", description: null });
    expect(renamed).toMatchObject({ status: 200, body: { name: "Renamed", category: "WEIGHT", color: "Blue", unitAmountCents: 1234 } });
    // One Query on the catalogue index for the WEIGHT category finds it under its new sort key.
    const weights = (await db().entities.sku.query.catalogue({}).begins({ category: "WEIGHT" }).go({ pages: "all" })).data;
    expect(weights.find((sku) => sku.id === item.id)).toMatchObject({ name: "Renamed", unitAmountCents: 1234, displayOrder: 500 });
    const actions = (await Audit.forTarget("sku", item.id)).map((entry) => entry.action);
    expect(actions.filter((action) => action === "sku.updated")).toHaveLength(2);
    const [latest] = await Audit.forTarget("sku", item.id);
    expect(latest!.diff).toEqual({
      name: { from: item.name, to: "Renamed" },
      category: { from: "EDGE", to: "WEIGHT" },
      color: { from: null, to: "Blue" },
    });
  });

  it("two edits of different fields at once both hold, and the index's sort key names both", async () => {
    const item = await product();
    const [a, b] = await Promise.all([patch(item.id, { name: "Both held" }), patch(item.id, { unitAmountCents: 4321 })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const after = await stored(item.id);
    expect(after).toMatchObject({ name: "Both held", unitAmountCents: 4321 });
    const listed = (await db().entities.sku.query.catalogue({}).go({ pages: "all" })).data.find((sku) => sku.id === item.id);
    expect(listed).toMatchObject({ name: "Both held", unitAmountCents: 4321 });
  });

  it("moves the code's reservation with a code change; a taken code is refused and changes nothing", async () => {
    const item = await product();
    const other = await product();
    const taken = await patch(item.id, { code: other.code, name: "Not this" });
    expect(taken).toMatchObject({ status: 409, body: { message: codeInUse(other.code) } });
    expect(await stored(item.id)).toMatchObject({ code: item.code, name: item.name });
    const newCode = uniqueCode();
    const moved = await patch(item.id, { code: newCode.toLowerCase() });
    expect(moved).toMatchObject({ status: 200, body: { code: newCode } });
    expect((await db().entities.uniqueValue.get(uniqueKey("skuCode", newCode)).go()).data?.ownerId).toBe(item.id);
    expect((await db().entities.uniqueValue.get(uniqueKey("skuCode", item.code)).go()).data).toBeNull();
    // The old code is free for another product now.
    expect((await create({ code: item.code, name: "Takes the old code", unitAmountCents: 0, isVisible: false })).status).toBe(201);
  });

  it("refuses an empty edit, a bad field and an unknown product", async () => {
    const item = await product();
    expect(await patch(item.id, {})).toMatchObject({ status: 400, body: { message: NOTHING_TO_UPDATE } });
    expect(await patch(item.id, { unitAmountCents: -5 })).toMatchObject({ status: 400, body: { message: PRICE_POSITIVE } });
    expect(await patch(item.id, { name: "" })).toMatchObject({ status: 400, body: { message: NAME_REQUIRED } });
    expect(await patch(item.id, { code: "" })).toMatchObject({ status: 400, body: { message: CODE_REQUIRED } });
    expect(await patch(randomUUID(), { name: "Ghost" })).toMatchObject({ status: 404, body: { message: PRODUCT_NOT_FOUND } });
  });

  it("stock: null makes it unlimited, a number starts counting an unlimited product, a counted one changes only as a difference", async () => {
    const item = await product({ stockQuantity: 4 });
    expect(await patch(item.id, { stockQuantity: 9 })).toMatchObject({ status: 409, body: { message: STOCK_AS_DIFFERENCE } });
    // The same number as now is no change (the dialog sends the whole form).
    expect(await patch(item.id, { stockQuantity: 4, name: "Same stock" })).toMatchObject({ status: 200, body: { stockQuantity: 4, name: "Same stock" } });
    expect(await patch(item.id, { stockQuantity: null })).toMatchObject({ status: 200, body: { stockQuantity: null } });
    expect(await patch(item.id, { stockQuantity: 7 })).toMatchObject({ status: 200, body: { stockQuantity: 7 } });
  });
});

describe("PATCH /api/admin/skus/{id}/inventory", () => {
  it("adds the difference, refuses below zero with the stock there is, and audits each change", async () => {
    const item = await product({ stockQuantity: 3 });
    expect(await inventory(item.id, 5)).toMatchObject({ status: 200, body: { stockQuantity: 8 } });
    expect(await inventory(item.id, -6)).toMatchObject({ status: 200, body: { stockQuantity: 2 } });
    expect(await inventory(item.id, -3)).toMatchObject({ status: 409, body: { message: belowZero(2, -3) } });
    expect((await stored(item.id))?.stockQuantity).toBe(2);
    expect(await inventory(item.id, -2)).toMatchObject({ status: 200, body: { stockQuantity: 0 } });
    const stockEntries = (await Audit.forTarget("sku", item.id)).filter((entry) => entry.action === "sku.stock_adjusted");
    expect(stockEntries.map((entry) => entry.diff)).toEqual([{ quantityChange: -2 }, { quantityChange: -6 }, { quantityChange: 5 }]);
  });

  it("two edits at once both count, and decreases at once never take it below zero", async () => {
    const item = await product({ stockQuantity: 0 });
    const ups = await Promise.all(Array.from({ length: 8 }, () => inventory(item.id, 1)));
    expect(ups.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect((await stored(item.id))?.stockQuantity).toBe(8);
    const downs = await Promise.all(Array.from({ length: 5 }, () => inventory(item.id, -3)));
    expect(downs.filter((a) => a.status === 200)).toHaveLength(2);
    for (const refused of downs.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(409);
      expect(refused.body).toHaveProperty("message", expect.stringMatching(/^Stock cannot go below zero/));
    }
    expect((await stored(item.id))?.stockQuantity).toBe(2);
  });

  it("refuses unlimited stock, a change of 0 or a fraction, and an unknown product", async () => {
    const unlimited = await product();
    expect(await inventory(unlimited.id, 1)).toMatchObject({ status: 409, body: { message: UNLIMITED_STOCK } });
    const item = await product({ stockQuantity: 1 });
    for (const bad of [0, 1.5, "2", null]) expect(await inventory(item.id, bad)).toMatchObject({ status: 400, body: { message: QUANTITY_CHANGE } });
    expect(await inventory(randomUUID(), 1)).toMatchObject({ status: 404, body: { message: PRODUCT_NOT_FOUND } });
    expect((await stored(item.id))?.stockQuantity).toBe(1);
  });
});

describe("visibility and delete reach the customer catalogue and the storefront at once", () => {
  it("a hidden product leaves GET /api/services and the storefront; shown again, it is back", async () => {
    const item = await product({ type: "ADD_ON", category: "OTHER", isVisible: true });
    expect(await customerCatalogue()).toContain(item.id);
    expect(await storefront()).toContain(item.id);
    const hidden = await visibility(item.id, false);
    expect(hidden).toMatchObject({ status: 200, body: { isVisible: false } });
    expect(await customerCatalogue()).not.toContain(item.id);
    expect(await storefront()).not.toContain(item.id);
    expect((await Audit.forTarget("sku", item.id))[0]).toMatchObject({ action: "sku.visibility_changed", diff: { isVisible: { from: true, to: false } } });
    expect(await visibility(item.id, true)).toMatchObject({ status: 200, body: { isVisible: true } });
    expect(await customerCatalogue()).toContain(item.id);
    await visibility(item.id, false);
    expect(await visibility(item.id, "yes")).toMatchObject({ status: 400, body: { message: "isVisible must be true or false" } });
  });

  it("a deleted product leaves both, frees its code, is audited; an order that named it keeps its line items and can still be canceled", async () => {
    const item = await product({ type: "ADD_ON", category: "OTHER", isVisible: true, stockQuantity: 5, name: "Lucky Towel" });
    const customer = await bookingCustomer();
    const booked = await book(customer.token, customer.paddleId, { addOns: [item.id] });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect((await stored(item.id))?.stockQuantity).toBe(4);

    const removed = await call("DELETE", `/api/admin/skus/${item.id}`, { token: admin });
    expect(removed).toMatchObject({ status: 200, body: { id: item.id, deleted: true } });
    made.delete(item.id);
    expect(await stored(item.id)).toBeNull();
    expect(await customerCatalogue()).not.toContain(item.id);
    expect(await storefront()).not.toContain(item.id);
    expect((await db().entities.uniqueValue.get(uniqueKey("skuCode", item.code)).go()).data).toBeNull();
    expect((await Audit.forTarget("sku", item.id))[0]).toMatchObject({ action: "sku.deleted", diff: { code: item.code, name: "Lucky Towel" } });
    const list = await call<ProductView[]>("GET", "/api/admin/skus", { token: admin });
    expect(list.body.map((p) => p.id)).not.toContain(item.id);

    const order = await call("GET", `/api/orders/${booked.body.id}`, { token: customer.token });
    expect(order.status).toBe(200);
    expect(JSON.stringify(order.body.lineItems)).toContain("Lucky Towel");
    const canceled = await call("POST", `/api/orders/${booked.body.id}/status`, { token: employee, body: { status: "CANCELED" } });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(await stored(item.id)).toBeNull();

    expect(await call("DELETE", `/api/admin/skus/${item.id}`, { token: admin })).toMatchObject({ status: 404, body: { message: PRODUCT_NOT_FOUND } });
  });
});

describe("the product list", () => {
  it("is in the catalogue's order: the storefront's categories (Core Services, Overgrips, Edge Protection, Weights, Other), then display order and price", async () => {
    const list = await call<ProductView[]>("GET", "/api/admin/skus", { token: admin });
    expect(list.status).toBe(200);
    const categories = [...new Set(list.body.map((p) => p.category))];
    const order = ["BASE_GRIP", "OVERGRIP", "EDGE", "WEIGHT", "OTHER"];
    expect(categories).toEqual(order.filter((category) => categories.includes(category as ProductView["category"])));
    expect(categories.indexOf("OVERGRIP")).toBeLessThan(categories.indexOf("EDGE"));
    expect(list.body.map((p) => p.id)).toEqual([...list.body].sort(compareProducts).map((p) => p.id));
  });
});

describe("the quick-sale products", () => {
  const regrip = "sku-qs-regrip";

  it("are listed for admins, editable (price, stock), but stay hidden, keep their code and are not deleted", async () => {
    const list = await call<ProductView[]>("GET", "/api/admin/skus", { token: admin });
    expect(list.status).toBe(200);
    const qs = list.body.filter((p) => p.isQuickSale).map((p) => p.code).sort();
    expect(qs).toEqual(["QS-EDGE-GUARD", "QS-OVERGRIP", "QS-REGRIP"]);
    expect(list.body.find((p) => p.id === regrip)).toMatchObject({ isVisible: false, isQuickSale: true });

    const before = (await stored(regrip))!;
    expect(await patch(regrip, { unitAmountCents: 4700 })).toMatchObject({ status: 200, body: { unitAmountCents: 4700, isVisible: false } });
    expect(await inventory(regrip, 2)).toMatchObject({ status: 200, body: { stockQuantity: before.stockQuantity + 2 } });
    expect(await inventory(regrip, -2)).toMatchObject({ status: 200, body: { stockQuantity: before.stockQuantity } });
    expect(await patch(regrip, { unitAmountCents: before.unitAmountCents })).toMatchObject({ status: 200 });

    expect(await visibility(regrip, true)).toMatchObject({ status: 400, body: { message: QUICK_SALE_HIDDEN } });
    expect(await patch(regrip, { isVisible: true, unitAmountCents: 1 })).toMatchObject({ status: 400, body: { message: QUICK_SALE_HIDDEN } });
    expect(await patch(regrip, { code: "QS-OTHER" })).toMatchObject({ status: 400, body: { message: QUICK_SALE_KEEPS_CODE } });
    expect(await call("DELETE", `/api/admin/skus/${regrip}`, { token: admin })).toMatchObject({ status: 409, body: { message: QUICK_SALE_NOT_DELETED } });
    expect(await stored(regrip)).toMatchObject({ code: "QS-REGRIP", isVisible: false, unitAmountCents: before.unitAmountCents });
    expect(await customerCatalogue()).not.toContain(regrip);
    expect(await storefront()).not.toContain(regrip);
  });
});

describe("who may call", () => {
  it("admin only: an employee and a customer get 403, signed out 401, for every product route", async () => {
    const item = await product({ stockQuantity: 1 });
    const customer = (await newCustomer()).token;
    const calls: [string, string, unknown][] = [
      ["GET", "/api/admin/skus", undefined],
      ["POST", "/api/admin/skus", { code: uniqueCode(), name: "Nope", unitAmountCents: 1 }],
      ["PATCH", `/api/admin/skus/${item.id}`, { name: "Nope" }],
      ["DELETE", `/api/admin/skus/${item.id}`, undefined],
      ["PATCH", `/api/admin/skus/${item.id}/inventory`, { quantityChange: 1 }],
      ["PATCH", `/api/admin/skus/${item.id}/visibility`, { isVisible: true }],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(method, url, { token: employee, body })).status, `${method} ${url} as employee`).toBe(403);
      expect((await call(method, url, { token: customer, body })).status, `${method} ${url} as customer`).toBe(403);
      expect((await call(method, url, { body })).status, `${method} ${url} signed out`).toBe(401);
    }
    expect(await stored(item.id)).toMatchObject({ name: item.name, stockQuantity: 1, isVisible: false });
  });
});

describe("product images (thumbnail 150x150, full 600x600)", () => {
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    server = createLocalServer({ webDist: mkdtempSync(join(tmpdir(), "regrip-web-")), webConfig: {}, cognitoPort: 1, uploadsDir: process.env[env.uploadsDir] });
    await new Promise<void>((resolve) => server.listen(0, resolve));
    origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const askForUpload = (id: string, body: unknown, token = admin) => call("POST", `/api/admin/skus/${id}/image`, { token, body });

  it("hands out an upload URL per variant under the product's own folder; the PATCHed URLs are kept, audited, and can be removed", async () => {
    const item = await product();
    const urls: Record<string, string> = {};
    for (const variant of ["thumbnail", "full"] as const) {
      const image = randomBytes(variant === "thumbnail" ? 512 : 4096);
      const target = await askForUpload(item.id, { contentType: "image/webp", size: image.length, variant });
      expect(target.status, JSON.stringify(target.body)).toBe(200);
      expect(target.body.photoUrl).toMatch(new RegExp(`^/uploads/skus/${item.id}/[0-9a-f-]{36}-${variant}\\.webp$`));
      const put = await fetch(`${origin}${target.body.uploadUrl}`, { method: "PUT", headers: target.body.headers, body: image });
      expect(put.status).toBe(200);
      urls[variant] = target.body.photoUrl;
    }
    const saved = await patch(item.id, { thumbnailUrl: urls.thumbnail, imageUrl: urls.full });
    expect(saved).toMatchObject({ status: 200, body: { thumbnailUrl: urls.thumbnail, imageUrl: urls.full } });
    expect((await fetch(`${origin}${urls.full}`)).status).toBe(200);
    expect((await Audit.forTarget("sku", item.id))[0]!.diff).toEqual({ thumbnailUrl: { from: null, to: urls.thumbnail }, imageUrl: { from: null, to: urls.full } });
    const removed = await patch(item.id, { thumbnailUrl: null, imageUrl: null });
    expect(removed).toMatchObject({ status: 200, body: { thumbnailUrl: null, imageUrl: null } });
  });

  it("refuses another product's image, a web address, a non-image, a bad variant, an unknown product, and anyone but an admin", async () => {
    const item = await product();
    const other = await product();
    for (const url of [`/uploads/skus/${other.id}/abc-full.png`, "https://example.com/a.png", "javascript:alert(1)", "/uploads/skus/../x.png"]) {
      expect(await patch(item.id, { imageUrl: url })).toMatchObject({ status: 400, body: { message: IMAGE_URL_INVALID } });
    }
    expect(await askForUpload(item.id, { contentType: "application/pdf", size: 10, variant: "full" })).toMatchObject({ status: 400, body: { message: "Please select an image file" } });
    expect(await askForUpload(item.id, { contentType: "image/png", size: 10, variant: "huge" })).toMatchObject({ status: 400, body: { message: "variant must be thumbnail or full" } });
    expect(await askForUpload(randomUUID(), { contentType: "image/png", size: 10, variant: "full" })).toMatchObject({ status: 404, body: { message: PRODUCT_NOT_FOUND } });
    expect((await askForUpload(item.id, { contentType: "image/png", size: 10, variant: "full" }, employee)).status).toBe(403);
    expect(await stored(item.id)).not.toHaveProperty("imageUrl");
  });
});
