/**
 * Domain functions are safe whichever caller (docs/architecture.md, "Domain functions"): each asserts its role and
 * parses its input itself, so a job, a script or a route that forgot its gate gets the answer the route gives.
 * Called here directly, past the route table: a customer calling staff and admin work is refused with the domain's
 * 403, the system is refused a customer's own work, and bad input is the very 400 message the route answers.
 */
import { $ZodError } from "zod/v4/core";
import { describe, expect, it } from "vitest";
import { FORBIDDEN, type Actor, type SystemActor, type UserActor } from "../../packages/core/src/actor";
import { Bags } from "../../packages/core/src/bags";
import { Communications } from "../../packages/core/src/communications";
import { handleSnsInboundText } from "../../packages/core/src/communications/inbound";
import { Customers } from "../../packages/core/src/customers";
import { DomainError } from "../../packages/core/src/errors";
import { Orders } from "../../packages/core/src/orders";
import { Paddles } from "../../packages/core/src/paddles";
import { Payments } from "../../packages/core/src/payments";
import { PhoneVerification } from "../../packages/core/src/phone-verification";
import * as Products from "../../packages/core/src/products";
import { Promotions } from "../../packages/core/src/promotions";
import { Analytics } from "../../packages/core/src/stats";
import { Storefront } from "../../packages/core/src/storefront";
import { call, seed, signIn } from "./support";

const person = (...roles: ("EMPLOYEE" | "ADMIN")[]): UserActor => ({
  type: "user",
  userId: `direct-${roles.join("-") || "customer"}`,
  username: "direct",
  roles: ["CUSTOMER", ...roles],
});
const customer = person();
const admin = person("EMPLOYEE", "ADMIN");
const system: SystemActor = { type: "system", name: "domain-functions test" };

/** What a call answered, in the words a route would: the status of its refusal and its message. */
async function answerOf(work: () => Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await work();
  } catch (error) {
    if (error instanceof $ZodError) return { status: 400, message: error.issues[0]!.message };
    if (error instanceof DomainError) {
      const status = { invalid: 400, unauthorized: 401, forbidden: 403, not_found: 404 }[error.kind as string];
      if (status) return { status, message: error.message };
    }
    throw error;
  }
  return { status: 200, message: "" };
}

describe("a domain function called directly", () => {
  it.each<[string, (actor: Actor) => Promise<unknown>]>([
    ["Products.create", (actor) => Products.create(actor, { code: "DIRECT-1", name: "Direct", type: "ADD_ON", category: "tools", unitAmountCents: 100 } as never)],
    ["Products.list", (actor) => Products.list(actor)],
    ["Promotions.create", (actor) => Promotions.create(actor, { code: "DIRECT10", percentage: 10 })],
    ["Promotions.remove", (actor) => Promotions.remove(actor, { id: "p-1" })],
    ["Analytics.read", (actor) => Analytics.read(actor)],
    ["Bags.create", (actor) => Bags.create(actor, { count: 1 })],
    ["Customers.search", (actor) => Customers.search(actor, { q: "lee" })],
    ["Customers.update", (actor) => Customers.update(actor, { id: "c-1", patch: { firstName: "Ann" } })],
    ["Orders.adminList", (actor) => Orders.adminList(actor, {})],
    ["Orders.updateNotes", (actor) => Orders.updateNotes(actor, { id: "o-1", notes: { myGripNotes: "x" } })],
    ["Storefront.quickSale", (actor) => Storefront.quickSale(actor, { form: { customerId: "c-1", paddle: { nickname: "n" }, services: ["regrip"] }, siteUrl: "http://localhost" })],
    ["Communications.testSms", (actor) => Communications.testSms(actor, { phone: "+13035550100", message: "hi" })],
    ["Communications.bulkSms", (actor) => Communications.bulkSms(actor, { broadcast: { userIds: ["u-1"], message: "hi" } })],
    ["Communications.list", (actor) => Communications.list(actor, {})],
    ["Communications.broadcastUsers", (actor) => Communications.broadcastUsers(actor, {})],
    ["Orders.expireUnpaidOrders", (actor) => Orders.expireUnpaidOrders(actor, { now: new Date() })],
    ["Payments.receiveEvent", (actor) => Payments.receiveEvent(actor, { body: "{}", signature: "t=1,v1=x" })],
    ["handleSnsInboundText", (actor) => handleSnsInboundText(actor, { message: "{}" })],
  ])("%s refuses a customer with the domain's 403, before it reads anything", async (_, work) => {
    expect(await answerOf(() => work(customer))).toEqual({ status: 403, message: FORBIDDEN });
  });

  it("refuses the system a customer's own work (it has no paddles, orders or profile), and a caller with no actor", async () => {
    expect(await answerOf(() => Paddles.list(system))).toEqual({ status: 403, message: FORBIDDEN });
    expect(await answerOf(() => Orders.book(system, { form: { paddleId: "p-1", bagNumber: "101", service: "s-1" } }))).toEqual({ status: 403, message: FORBIDDEN });
    expect(await answerOf(() => Paddles.list(null as never))).toEqual({ status: 401, message: "Unauthorized" });
    expect(await answerOf(() => PhoneVerification.sendCode(system, { phone: "720-555-0142" }))).toEqual({ status: 403, message: FORBIDDEN });
    expect(await answerOf(() => Orders.moveOrder(system, { id: "o-1", change: { status: "READY" } }))).toEqual({ status: 403, message: FORBIDDEN });
    expect(await answerOf(() => Payments.startCheckout(system, { id: "o-1", siteUrl: "http://localhost" }))).toEqual({ status: 403, message: FORBIDDEN });
  });

  it("answers a missing or another's order with the 404 its route answers, before it reads the move", async () => {
    const token = await signIn(seed.customer.username, seed.customer.password);
    const route = await call("POST", "/api/orders/direct-none/status", { token, body: {} });
    expect(route.status).toBe(404);
    expect(await answerOf(() => Orders.moveOrder(customer, { id: "direct-none", change: {} }))).toEqual({ status: 404, message: route.body.message });
    expect(await answerOf(() => Orders.moveOrder(customer, { id: "direct-none", change: { status: "nowhere" } }))).toEqual({ status: 404, message: route.body.message });
    expect(await answerOf(() => Payments.startCheckout(customer, { id: "direct-none", siteUrl: "http://localhost" }))).toEqual({ status: 404, message: route.body.message });
  });

  it("answers an admin function's refusal in the words the route answers a customer", async () => {
    const token = await signIn(seed.customer.username, seed.customer.password);
    const route = await call("POST", "/api/admin/promotions", { token, body: { code: "DIRECT10", percentage: 10 } });
    expect(await answerOf(() => Promotions.create(customer, { code: "DIRECT10", percentage: 10 }))).toEqual({ status: route.status, message: route.body.message });
  });

  it.each<[string, (actor: Actor) => Promise<unknown>, string, string, unknown]>([
    ["Promotions.create", (actor) => Promotions.create(actor, { code: "", percentage: 10 }), "POST", "/api/admin/promotions", { code: "", percentage: 10 }],
    ["Promotions.create", (actor) => Promotions.create(actor, { code: "NONE" }), "POST", "/api/admin/promotions", { code: "NONE" }],
    ["Products.update", (actor) => Products.update(actor, { id: "sku-edge-tape", patch: { unitAmountCents: -1 } }), "PATCH", "/api/admin/skus/sku-edge-tape", { unitAmountCents: -1 }],
    ["Bags.create", (actor) => Bags.create(actor, { count: 0 }), "POST", "/api/admin/bags/create", { count: 0 }],
    ["Customers.search", (actor) => Customers.search(actor, { q: "a" }), "GET", "/api/customers/search?q=a", undefined],
    ["Customers.create", (actor) => Customers.create(actor, { firstName: "Ann", lastName: "", phone: "12" }), "POST", "/api/admin/customers", { firstName: "Ann", lastName: "", phone: "12" }],
    ["Orders.adminList", (actor) => Orders.adminList(actor, { stage: "nowhere" }), "GET", "/api/admin/orders?stage=nowhere", undefined],
    ["Storefront.invoice", (actor) => Storefront.invoice(actor, { form: { customerId: "c-1", items: [] } as never, siteUrl: "http://localhost" }), "POST", "/api/storefront/invoice", { customerId: "c-1", items: [] }],
    ["Communications.testSms", (actor) => Communications.testSms(actor, { phone: "", message: "hi" }), "POST", "/api/admin/test-sms", { phone: "", message: "hi" }],
    ["Communications.bulkSms", (actor) => Communications.bulkSms(actor, { broadcast: { userIds: [], message: "hi" } }), "POST", "/api/admin/bulk-sms", { userIds: [], message: "hi" }],
    ["Communications.list", (actor) => Communications.list(actor, { limit: "0" }), "GET", "/api/admin/communications?limit=0", undefined],
  ])("%s refuses bad input with the 400 its route answers", async (_, work, method, url, body) => {
    const token = await signIn(seed.admin.username, seed.admin.password);
    const route = await call(method, url, { token, body });
    expect(route.status).toBe(400);
    expect(await answerOf(() => work(admin))).toEqual({ status: 400, message: route.body.message });
  });

  it("refuses a customer's bad paddle and booking as their routes do", async () => {
    const token = await signIn(seed.customer.username, seed.customer.password);
    const paddle = await call("POST", "/api/paddles", { token, body: { brand: "Joola", nickname: "n", coreThickness: 30 } });
    expect(paddle.status).toBe(400);
    expect(await answerOf(() => Paddles.create(customer, { brand: "Joola", nickname: "n", coreThickness: 30 }))).toEqual({ status: 400, message: paddle.body.message });
    const booking = { paddleId: "p-1", bagNumber: "12", service: "s-1" };
    const booked = await call("POST", "/api/book-service", { token, body: booking });
    expect(booked.status).toBe(400);
    expect(await answerOf(() => Orders.book(customer, { form: booking }))).toEqual({ status: 400, message: booked.body.message });
    const send = await call("POST", "/api/user/phone", { token, body: { phone: "12" } });
    expect(send.status).toBe(400);
    expect(await answerOf(() => PhoneVerification.sendCode(customer, { phone: "12" }))).toEqual({ status: 400, message: send.body.message });
    const verify = await call("POST", "/api/user/phone/verify", { token, body: { code: "12" } });
    expect(verify.status).toBe(400);
    expect(await answerOf(() => PhoneVerification.verifyCode(customer, { code: "12" }))).toEqual({ status: 400, message: verify.body.message });
  });
});
