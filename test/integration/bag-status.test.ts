/**
 * The public bag status page's call (docs/api.md "Bag status"), through the route table against DynamoDB
 * Local: `GET /api/public/bags/{slug}` answers the bag's code, the open order's stage in the customer's words, its
 * place and pickup day, to anyone, and nothing personal; an unknown slug, a bag's code and a freed bag are the same
 * 404; each source address gets `BAG_LOOKS` looks a minute, then 429.
 */
import { randomInt } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { invoke } from "../../infra/local/adapter";
import { BAG_LOOKS } from "../../packages/core/src/bags/status";
import { db } from "../../packages/core/src/db";
import { shopContact } from "../../packages/core/src/settings/shops";
import { bookingCustomer, book, pickedUp } from "./booking-support";
import { call, seed, signIn, type Answer } from "./support";

let staff: string;

beforeAll(async () => {
  staff = await signIn(seed.employee.username, seed.employee.password);
});

/** A source address of this test's own, so its looks count apart from every other test's. */
const newAddress = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** GET /api/public/bags/{slug} from `sourceIp`, signed out unless `token`. */
async function look(slug: string, sourceIp = newAddress(), token?: string): Promise<Answer> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const result = await invoke({ method: "GET", url: `/api/public/bags/${encodeURIComponent(slug)}`, headers, sourceIp });
  if (!result) throw new Error("no route matched");
  return { status: result.statusCode, headers: result.headers, body: JSON.parse(result.body) };
}

/** A new bag made by staff. */
async function newBag(): Promise<{ id: string; code3: string; qrSlug: string }> {
  const made = await call("POST", "/api/admin/bags/create", { token: staff, body: { count: 1 } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body[0];
}

/** A booked order in a new bag, with notes of the customer's and the staff's and a name, phone and email to look for. */
async function bookedBag() {
  const bag = await newBag();
  const customer = await bookingCustomer();
  const notes = `Please keep the old grip ${randomInt(1000, 9999)}`;
  const booked = await book(customer.token, customer.paddleId, { bagNumber: bag.code3, customerNotes: notes });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const staffNotes = `Chipped edge ${randomInt(1000, 9999)}`;
  expect((await call("PUT", `/api/orders/${booked.body.id}/notes`, { token: staff, body: { myGripNotes: staffNotes } })).status).toBe(200);
  const { data: user } = await db().entities.user.get({ userId: customer.userId }).go();
  return { bag, customer, order: booked.body, notes, staffNotes, user: user! };
}

describe("GET /api/public/bags/{slug}", () => {
  it("answers the bag's code, the stage in the customer's words, the shop and the pickup day, to anyone, and nothing personal", async () => {
    const { bag, customer, order, notes, staffNotes, user } = await bookedBag();
    expect(order.pickupDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const token of [undefined, customer.token, staff]) {
      const answer = await look(bag.qrSlug, undefined, token);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(Object.keys(answer.body).sort()).toEqual(["code3", "location", "pickupDate", "shop", "stage", "stageLabel", "timeline", "updatedAt"]);
      expect(answer.body).toEqual({
        code3: bag.code3,
        stage: "awaiting_payment",
        stageLabel: "Awaiting Payment",
        location: "Regrip Littleton",
        pickupDate: order.pickupDate,
        timeline: [{ stage: "awaiting_payment", at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }],
        updatedAt: answer.body.timeline[0].at,
        // The shop's contact, as GET /api/locations sends it.
        shop: { label: "Regrip Littleton", ...(await shopContact("LITTLETON")) },
      });
      expect(answer.body.shop.phone).toMatch(/^\+1\d{10}$/);
      const text = JSON.stringify(answer.body);
      for (const personal of [user.firstName, user.lastName, user.phone, user.email, customer.email, notes, staffNotes, order.id, customer.userId, customer.paddleId, bag.id]) {
        expect(personal, "a fixture to look for").toBeTruthy();
        expect(text).not.toContain(String(personal));
      }
      expect(text).not.toContain(String(order.totalCents));
      expect(text).not.toContain("$");
    }
    // The slug read in any case (a camera may change it); the stage follows the order.
    expect((await look(bag.qrSlug.toUpperCase())).body.code3).toBe(bag.code3);
    for (const status of ["IN_QUEUE", "IN_SERVICE"]) {
      expect((await call("POST", `/api/orders/${order.id}/status`, { token: staff, body: { status } })).status, status).toBe(200);
    }
    const moved = (await look(bag.qrSlug)).body;
    expect(moved).toMatchObject({ stage: "in_service", stageLabel: "In Service" });
    // Each stage with its time, oldest first; the last change is when it went into service.
    expect(moved.timeline.map((step: { stage: string }) => step.stage)).toEqual(["awaiting_payment", "in_queue", "in_service"]);
    expect(moved.updatedAt).toBe(moved.timeline[2].at);
    expect(Date.parse(moved.timeline[1].at)).toBeGreaterThanOrEqual(Date.parse(moved.timeline[0].at));
  });

  it("is the same 404 for an unknown slug, a bag's code, anything that is no slug, and a bag whose order was picked up", async () => {
    const { bag, order } = await bookedBag();
    const unknown = "abcdefghijklmnopqrstuvwxyz".split("").sort(() => Math.random() - 0.5).join("");
    for (const slug of [unknown, bag.code3, bag.id, `${bag.qrSlug}x`, "x"]) {
      expect(await look(slug), slug).toMatchObject({ status: 404, body: { message: "No order in this bag" } });
    }
    expect(await look("a".repeat(200))).toMatchObject({ status: 400, body: { message: "No order in this bag" } });

    await pickedUp(order.id, staff);
    const freed = await look(bag.qrSlug);
    expect(freed).toMatchObject({ status: 404, body: { message: "No order in this bag" } });
    expect(Object.keys(freed.body)).toEqual(["message"]);
  });

  it("answers 429 once an address has spent its looks in the minute, found or not, while another address still looks", async () => {
    const { bag } = await bookedBag();
    const address = newAddress();
    const answers = [];
    for (let i = 0; i < BAG_LOOKS.max; i++) answers.push((await look(i % 2 ? bag.qrSlug : "0".repeat(26), address)).status);
    expect(new Set(answers)).toEqual(new Set([200, 404]));
    const refused = await look(bag.qrSlug, address);
    expect(refused).toMatchObject({ status: 429, body: { message: "Too many bag lookups. Please try again in a minute." } });
    expect(Object.keys(refused.body)).toEqual(["message"]);
    expect((await look(bag.qrSlug)).status).toBe(200);
  });
});
