/**
 * POST /api/orders/{id}/status: the state machine enforced on the server,
 * with its history, audit entries, conflicts and texts.
 */
import { readFileSync } from "node:fs";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../packages/core/src/db";
import type { UserActor } from "../../packages/core/src/actor";
import { findMove, fitsPayment, MOVE_ROLES, type MoveRole } from "../../packages/core/src/orders/moves";
import { balanceCents } from "../../packages/core/src/shared/payment";
import { applyMove, CHANGED_MEANWHILE, MoveRequest } from "../../packages/core/src/orders/move-order";
import { localProvider } from "../../packages/core/src/payments/local";
import { usePaymentProvider } from "../../packages/core/src/payments/provider";
import { canonicalStatus, STAGES, stageOfStatus } from "../../packages/core/src/shared/lifecycle";
import { useSmsProvider, type SmsProvider } from "../../packages/core/src/sms";
import { auditOf, bookedOrder, orderOf, setOrder, staffTokens, textsOf } from "./payment-support";
import { call, newCustomer } from "./support";

let staff: { employee: string; admin: string };

beforeAll(async () => {
  usePaymentProvider(localProvider());
  staff = await staffTokens();
});

afterEach(() => useSmsProvider(undefined));

const move = (orderId: string, token: string | undefined, body: unknown) => call("POST", `/api/orders/${orderId}/status`, { token, body });

/** Texts sent while `fn` runs, through a provider that records them. */
function recordingSms() {
  const sent: { to: string; body: string }[] = [];
  const provider: SmsProvider = { name: "outbox", send: async (to, body) => (sent.push({ to, body }), `test-${sent.length}`) };
  useSmsProvider(provider);
  return sent;
}

describe("who may make which move", () => {
  // Through the API, every (stage, stage, role) of the three roles that call it: each answer agrees with moves.ts.
  it("enforces the moves table for the owner, an employee and an admin over every pair of stages", async () => {
    const { customer, orderId } = await bookedOrder();
    // No texts in this sweep (checked below); nothing is paid, so no refunds either.
    await db().entities.user.patch({ userId: customer.userId }).set({ smsNotifications: false }).go();
    const tokens: Record<Exclude<MoveRole, "system">, string> = { customer: customer.token, employee: staff.employee, admin: staff.admin };
    const mismatches: string[] = [];
    // Twice: owing its total (no pickup, roll back to Invoiced) and comped (nothing owing: roll back to Scheduled).
    for (const paymentStatus of ["unpaid", "comp"] as const) {
      const money = { paymentStatus, totalCents: (await orderOf(orderId)).totalCents };
      for (const role of MOVE_ROLES.filter((r): r is Exclude<MoveRole, "system"> => r !== "system")) {
        for (const from of STAGES) {
          for (const to of STAGES) {
            await setOrder(orderId, { status: canonicalStatus[from], paymentStatus });
            const answer = await move(orderId, tokens[role], { status: canonicalStatus[to] });
            const found = findMove(from, to, role);
            const allowed = !!found && fitsPayment(found, money) && !(to === "picked_up" && balanceCents(money) > 0);
            const ok = allowed ? answer.status === 200 && answer.body.stage === to : answer.status === 409 && !!answer.body.message;
            if (!ok) mismatches.push(`${paymentStatus}: ${from} → ${to} as ${role}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 120)}`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 240_000);

  it("answers another customer's order with 404 and a signed-out caller with 401", async () => {
    const { orderId } = await bookedOrder();
    const other = await newCustomer();
    expect((await move(orderId, other.token, { status: "CANCELED" })).status).toBe(404);
    expect((await move(orderId, other.token, {})).status).toBe(404);
    expect((await move(orderId, undefined, { status: "CANCELED" })).status).toBe(401);
    expect((await move("no-such-order", staff.admin, { status: "CANCELED" })).status).toBe(404);
    expect((await orderOf(orderId)).status).toBe("INVOICED");
  });

  it("refuses bodies that are not a move with 400", async () => {
    const { orderId } = await bookedOrder();
    expect(await move(orderId, staff.employee, {})).toMatchObject({ status: 400, body: { message: "Please choose a status" } });
    expect(await move(orderId, staff.employee, { status: "ON_HOLD" })).toMatchObject({ status: 400, body: { message: "Unknown status: ON_HOLD" } });
    // Only a string is echoed: an object whose toString is not a function once made this a 500 (found by hostile.test.ts).
    expect(await move(orderId, staff.employee, { status: { toString: true } })).toMatchObject({ status: 400, body: { message: "Unknown status" } });
    expect(await move(orderId, staff.employee, { status: ["x", { toString: true }] })).toMatchObject({ status: 400, body: { message: "Unknown status" } });
    expect(await move(orderId, staff.employee, { status: "IN_QUEUE", note: "x".repeat(501) })).toMatchObject({
      status: 400,
      body: { message: "Notes must be 500 characters or less" },
    });
    expect(await move(orderId, staff.employee, { status: "IN_QUEUE", refund: true })).toMatchObject({
      status: 400,
      body: { message: "A refund can only be given with Cancel Order." },
    });
  });

  it("tells a customer why they cannot cancel after check-in", async () => {
    const { customer, orderId } = await bookedOrder();
    await setOrder(orderId, { status: "CHECKED_IN" });
    const answer = await move(orderId, customer.token, { status: "CANCELED" });
    expect(answer).toMatchObject({ status: 409, body: { message: expect.stringContaining("checked in") } });
    expect((await move(orderId, customer.token, { status: "READY" })).body.message).toBe("Only the shop can change this order's status.");
  });
});

describe("a move", () => {
  it("stores the canonical value of the target stage, appends to statusHistory and writes an audit entry", async () => {
    const { orderId } = await bookedOrder();
    // The staff queue names the stage SERVICE_QUEUE; the server stores IN_QUEUE.
    const answer = await move(orderId, staff.employee, { status: "SERVICE_QUEUE", note: "  Bag on the shelf  " });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: orderId, status: "IN_QUEUE", stage: "in_queue", paymentStatus: "unpaid" });
    const last = answer.body.statusHistory.at(-1);
    expect(last).toMatchObject({ from: "INVOICED", to: "IN_QUEUE", actorName: "Sam", note: "Bag on the shelf" });
    expect(last.actorId).toBeTruthy();
    expect(Date.now() - Date.parse(last.at)).toBeLessThan(60_000);
    // The staff view carries the internal notes field.
    expect(answer.body).toHaveProperty("myGripNotes");

    const audit = await auditOf(orderId);
    expect(audit.at(-1)).toMatchObject({
      action: "order.status_changed",
      actorName: "Sam",
      targetType: "order",
      targetId: orderId,
      diff: { status: { from: "INVOICED", to: "IN_QUEUE" }, move: "Move to Queue", role: "employee", note: "Bag on the shelf" },
    });
  });

  it("walks the queue to picked up, with the spec's notes on roll back and cancel", async () => {
    const { orderId, order: booked } = await bookedOrder();
    for (const status of ["IN_QUEUE", "BEING_SERVICED", "COMPLETE"]) {
      expect((await move(orderId, staff.employee, { status })).status, status).toBe(200);
    }
    // The balance is taken at the counter before the paddle leaves.
    const paid = await call("POST", `/api/orders/${orderId}/payments`, { token: staff.employee, body: { method: "POS_CARD", amountCents: booked.totalCents } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((await move(orderId, staff.employee, { status: "PICKED_UP" })).status).toBe(200);
    let order = await orderOf(orderId);
    expect(order.status).toBe("PICKED_UP");
    expect(order.completedAt).toBeTruthy();
    expect(order.pickedUpAt).toBeTruthy();
    expect(order.processedByStaffId).toBeTruthy();

    // Paid: rolled back to Scheduled, then canceled with its refund (made on the counter's terminal: its reference).
    const back = await move(orderId, staff.employee, { status: "SCHEDULED" });
    expect(back.body.statusHistory.at(-1)).toMatchObject({ from: "PICKED_UP", to: "SCHEDULED", note: "Rolled back by staff" });
    const canceled = await move(orderId, staff.employee, { status: "CANCELED", refund: true, terminalReference: "TRM-1042" });
    expect(canceled.body.statusHistory.at(-1)).toMatchObject({ from: "SCHEDULED", to: "CANCELED", note: "Canceled by staff" });
    expect(canceled.body).toMatchObject({ paymentStatus: "refunded", refundedAmountCents: booked.totalCents });
    // Nothing leaves canceled.
    expect((await move(orderId, staff.admin, { status: "INVOICED" })).status).toBe(409);
    order = await orderOf(orderId);
    expect(order.statusHistory.map((h) => h.to)).toEqual(["INVOICED", "IN_QUEUE", "IN_SERVICE", "READY", "PICKED_UP", "SCHEDULED", "CANCELED"]);
    expect((await auditOf(orderId)).filter((a) => a.action === "order.status_changed")).toHaveLength(6);
  });

  it("lets an admin correct any dropdown stage to any other, and not an employee", async () => {
    const { orderId } = await bookedOrder();
    await setOrder(orderId, { status: "PICKED_UP" });
    expect((await move(orderId, staff.employee, { status: "IN_SERVICE" })).status).toBe(409);
    const corrected = await move(orderId, staff.admin, { status: "IN_SERVICE" });
    expect(corrected.body).toMatchObject({ status: "IN_SERVICE" });
    expect((await auditOf(orderId)).at(-1)).toMatchObject({ actorName: "Alex", diff: { move: "Set Status", role: "admin" } });
  });

  it("lets a customer cancel their own order before check-in", async () => {
    const { customer, orderId } = await bookedOrder();
    const answer = await move(orderId, customer.token, { status: "CANCELED" });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: "CANCELED", paymentStatus: "unpaid" });
    expect(answer.body).not.toHaveProperty("myGripNotes");
    expect(answer.body.statusHistory.at(-1)).toMatchObject({ to: "CANCELED", actorId: customer.userId, note: "Canceled by customer" });
    expect((await auditOf(orderId)).at(-1)).toMatchObject({ action: "order.status_changed", actorId: customer.userId, diff: { role: "customer" } });
  });

  it("answers 409 when the same move is asked twice: the order is already there", async () => {
    const { orderId } = await bookedOrder();
    await move(orderId, staff.employee, { status: "IN_QUEUE" });
    expect(await move(orderId, staff.employee, { status: "SERVICE_QUEUE" })).toMatchObject({
      status: 409,
      body: { message: "This order is already In Queue." },
    });
  });
});

describe("two moves at once", () => {
  it("lets exactly one of two staff moving one order win; the other gets 409 and nothing of it is written", async () => {
    for (let round = 0; round < 3; round++) {
      const { orderId } = await bookedOrder();
      await setOrder(orderId, { status: "IN_SERVICE" });
      const answers = await Promise.all([
        move(orderId, staff.employee, { status: "READY" }),
        move(orderId, staff.admin, { status: "CANCELED" }),
      ]);
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([200, 409]);
      // When both read before either wrote, the loser's conditional write fails; when the winner wrote
      // first, the loser's move is decided from the new stage and refused. Either way: a 409.
      const loser = answers.find((a) => a.status === 409)!;
      expect(loser.body.message).toMatch(/^(This order was changed by someone else\. Refresh and try again\.|An order that is .* can't be moved to .*\.)$/);
      const winner = answers.find((a) => a.status === 200)!;
      const order = await orderOf(orderId);
      expect(order.status).toBe(winner.body.status);
      expect(order.statusHistory.filter((h) => h.from === "IN_SERVICE")).toHaveLength(1);
      expect((await auditOf(orderId)).filter((a) => a.action === "order.status_changed")).toHaveLength(1);
    }
  });

  it("refuses with 409 the second of two moves decided from the same read (the conditional write)", async () => {
    const { orderId } = await bookedOrder();
    await setOrder(orderId, { status: "IN_SERVICE" });
    const stale = await orderOf(orderId);
    const actorOf = async (token: string): Promise<UserActor> => {
      const me = await call("GET", "/api/auth/user", { token });
      return { type: "user", userId: me.body.id, username: me.body.firstName, roles: me.body.roles };
    };
    const [employee, admin] = await Promise.all([actorOf(staff.employee), actorOf(staff.admin)]);
    const outcomes = await Promise.allSettled([
      applyMove(employee, stale, MoveRequest.parse({ id: orderId, status: "READY" })),
      applyMove(admin, stale, MoveRequest.parse({ id: orderId, status: "CANCELED" })),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
    expect(refused.map((o) => [o.reason.kind, o.reason.message])).toEqual([["conflict", CHANGED_MEANWHILE]]);
    // A third move from the same stale read loses too, whatever it asks.
    await expect(applyMove(admin, stale, MoveRequest.parse({ id: orderId, status: "INVOICED" }))).rejects.toMatchObject({ message: CHANGED_MEANWHILE });
    expect((await orderOf(orderId)).statusHistory.filter((h) => h.from === "IN_SERVICE")).toHaveLength(1);
  });

  it("lets one of two identical moves win", async () => {
    const { orderId } = await bookedOrder();
    const answers = await Promise.all([1, 2, 3].map(() => move(orderId, staff.employee, { status: "IN_QUEUE" })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(2);
    expect((await orderOf(orderId)).statusHistory.filter((h) => h.to === "IN_QUEUE")).toHaveLength(1);
  });
});

describe("texts to the customer", () => {
  it("texts on checked in, ready and picked up, logged in the communications log, and not on other moves", async () => {
    const sent = recordingSms();
    const { customer, orderId } = await bookedOrder();
    const { data: user } = await db().entities.user.get({ userId: customer.userId }).go();
    await setOrder(orderId, { status: "SCHEDULED", paymentStatus: "paid" });
    for (const status of ["CHECKED_IN", "IN_QUEUE", "IN_SERVICE", "READY", "PICKED_UP"]) {
      expect((await move(orderId, staff.employee, { status })).status).toBe(200);
    }
    expect(sent.map((s) => s.to)).toEqual([user!.phone, user!.phone, user!.phone]);
    expect(sent[0].body).toContain("checked in");
    expect(sent[0].body).toContain("Littleton");
    expect(sent[1].body).toContain("ready for pickup at Regrip Littleton");
    expect(sent[1].body).toContain("Big Blue");
    // The shop's phone, as the seed's starter contact has it.
    expect(sent[1].body).toContain("Questions? Call (303) 555-0100.");
    expect(sent[2].body).toContain("picked up");
    const log = await textsOf(orderId);
    expect(log.map((entry) => entry.messageType).sort()).toEqual(["order_checked_in", "order_picked_up", "order_ready"]);
    for (const entry of log) expect(entry).toMatchObject({ channel: "sms", status: "sent", recipient: user!.phone, userId: customer.userId });
  });

  it("sends nothing when the customer turned order texts off", async () => {
    const sent = recordingSms();
    const { customer, orderId } = await bookedOrder();
    await db().entities.user.patch({ userId: customer.userId }).set({ smsNotifications: false }).go();
    await setOrder(orderId, { status: "IN_SERVICE" });
    expect((await move(orderId, staff.employee, { status: "READY" })).status).toBe(200);
    expect(sent).toEqual([]);
    expect(await textsOf(orderId)).toEqual([]);
  });

  it("sends nothing to a number that replied STOP, and logs it as not sent", async () => {
    const sent = recordingSms();
    const { customer, orderId } = await bookedOrder();
    const { data: user } = await db().entities.user.get({ userId: customer.userId }).go();
    await db().entities.smsConversation.upsert({ phoneNumber: user!.phone!, optedOut: true }).go();
    await setOrder(orderId, { status: "IN_SERVICE" });
    expect((await move(orderId, staff.employee, { status: "READY" })).status).toBe(200);
    expect(sent).toEqual([]);
    expect(await textsOf(orderId)).toEqual([expect.objectContaining({ messageType: "order_ready", status: "failed", errorMessage: expect.stringContaining("STOP") })]);
  });

  it("never blocks or undoes the move when the text fails", async () => {
    useSmsProvider({
      name: "twilio",
      send: async () => {
        throw new Error("Twilio is down");
      },
    });
    const { orderId } = await bookedOrder();
    await setOrder(orderId, { status: "IN_SERVICE" });
    const answer = await move(orderId, staff.employee, { status: "READY" });
    expect(answer.status).toBe(200);
    const order = await orderOf(orderId);
    expect(order.status).toBe("READY");
    expect(order.statusHistory.at(-1)).toMatchObject({ from: "IN_SERVICE", to: "READY" });
    expect((await auditOf(orderId)).filter((entry) => entry.action === "order.status_changed")).toHaveLength(1);
    // The failure is logged where the shop reads its texts: the communications log.
    expect(await textsOf(orderId)).toEqual([expect.objectContaining({ messageType: "order_ready", status: "failed", errorMessage: "Twilio is down" })]);
  });

  it("appends to the outbox file of npm start's SMS stand-in", async () => {
    const { orderId } = await bookedOrder();
    await setOrder(orderId, { status: "IN_SERVICE" });
    await move(orderId, staff.employee, { status: "READY" });
    const lines = readFileSync(process.env.SMS_OUTBOX_FILE!, "utf8").trim().split("\n").map((line) => JSON.parse(line));
    const log = await textsOf(orderId);
    expect(lines.find((line) => line.id === log[0].externalId)?.body).toContain("ready for pickup");
    expect(stageOfStatus[(await orderOf(orderId)).status]).toBe("ready");
  });
});
