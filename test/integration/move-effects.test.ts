/**
 * A move's effects run after its commit (orders/move-writer.ts, db/effects.ts) against DynamoDB Local: a move
 * whose commit fails sends nothing, and an effect that throws after a real transaction is logged and undoes
 * nothing (a move whose text fails: lifecycle.test.ts).
 */
import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { UserActor } from "../../packages/core/src/actor";
import { afterCommit } from "../../packages/core/src/db/effects";
import { writeLabelled } from "../../packages/core/src/db/labelled";
import { applyMove, CHANGED_MEANWHILE, MoveRequest } from "../../packages/core/src/orders/move-order";
import { useSmsProvider } from "../../packages/core/src/sms";
import { auditOf, bookedOrder, orderOf, setOrder, staffTokens, textsOf } from "./payment-support";
import { call } from "./support";

let staff: { employee: string; admin: string };

beforeAll(async () => {
  staff = await staffTokens();
});

afterEach(() => {
  useSmsProvider(undefined);
  vi.restoreAllMocks();
});

/** Texts handed to the provider from now on. */
function recordingSms(): string[] {
  const sent: string[] = [];
  useSmsProvider({ name: "outbox", send: async (_to, body) => (sent.push(body), `test-${sent.length}`) });
  return sent;
}

async function actorOf(token: string): Promise<UserActor> {
  const me = await call("GET", "/api/auth/user", { token });
  return { type: "user", userId: me.body.id, username: me.body.firstName, roles: me.body.roles };
}

describe("a move's text", () => {
  it("is not sent when the move's commit fails (the order changed meanwhile: 409)", async () => {
    const sent = recordingSms();
    const { orderId } = await bookedOrder();
    await setOrder(orderId, { status: "IN_SERVICE" });
    const stale = await orderOf(orderId);
    const [employee, admin] = await Promise.all([actorOf(staff.employee), actorOf(staff.admin)]);
    // An admin's correction (no text) lands first; the employee's Mark Complete, decided from the same read, loses.
    await applyMove(admin, stale, MoveRequest.parse({ id: orderId, status: "SCHEDULED" }));
    await expect(applyMove(employee, stale, MoveRequest.parse({ id: orderId, status: "READY" }))).rejects.toMatchObject({
      kind: "conflict",
      message: CHANGED_MEANWHILE,
    });
    expect(sent).toEqual([]);
    expect(await textsOf(orderId)).toEqual([]);
    expect((await orderOf(orderId)).status).toBe("SCHEDULED");

    // The same move from a fresh read commits, and texts once.
    await setOrder(orderId, { status: "IN_SERVICE" });
    expect((await call("POST", `/api/orders/${orderId}/status`, { token: staff.employee, body: { status: "READY" } })).status).toBe(200);
    expect(sent).toHaveLength(1);
    expect((await textsOf(orderId)).map((entry) => entry.messageType)).toEqual(["order_ready"]);
  });
  // A text that fails (the provider throws) never undoes its move: lifecycle.test.ts, "texts to the customer".
});

describe("an effect after a real transaction", () => {
  it("that throws is logged by name; the write stands and the caller gets its answer", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const id = randomUUID();
    const outcome = await writeLabelled((entities) => {
      afterCommit({
        name: `probe ${id}`,
        run: () => {
          throw new Error("effect broke");
        },
      });
      return [{ label: "audit", write: entities.auditLog.create({ id, action: "test.effect_probe", targetType: "order", targetId: id }).commit() }];
    });
    expect(outcome.committed).toBe(true);
    expect(await auditOf(id)).toEqual([expect.objectContaining({ action: "test.effect_probe" })]);
    expect(error).toHaveBeenCalledWith(expect.stringContaining(`probe ${id}`), expect.objectContaining({ message: "effect broke" }));
  });

  it("does not run when the transaction is refused", async () => {
    const ran: string[] = [];
    const id = randomUUID();
    const outcome = await writeLabelled((entities) => {
      afterCommit({ name: `probe ${id}`, run: () => void ran.push(id) });
      // A patch of an order that does not exist: its condition fails, nothing is written.
      return [{ label: "order", write: entities.serviceOrder.patch({ id }).set({ status: "READY" }).commit() }];
    });
    expect(outcome).toMatchObject({ committed: false, failed: ["order"] });
    expect(ran).toEqual([]);
  });
});
