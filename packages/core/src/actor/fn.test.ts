import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { $ZodError } from "zod/v4/core";
import { DomainError } from "../errors";
import { PhoneVerification } from "../phone-verification";
import { BulkSmsInput } from "../shared/communications";
import { CustomerForm, CustomerPatch } from "../shared/customers";
import { OrderNotes } from "../shared/order-notes";
import { AdjustInventory, SetVisibility, UpdateProduct } from "../shared/products";
import { PromotionPatch } from "../shared/promotions";
import { BookService } from "../orders/booking";
import { UpdatePaddle } from "../paddles";
import { ProductImageUpload } from "../products";
import { QuickSaleBooking } from "../shared/quick-sale";
import { ImageUpload } from "../uploads";
import { FORBIDDEN, type SystemActor, type UserActor } from "./index";
import { fn, NoInput, parse } from "./fn";

const person = (...roles: ("EMPLOYEE" | "ADMIN")[]): UserActor => ({ type: "user", userId: "u-1", username: "u", roles: ["CUSTOMER", ...roles] });
const customer = person();
const employee = person("EMPLOYEE");
const admin = person("EMPLOYEE", "ADMIN");
const system: SystemActor = { type: "system", name: "test" };

const refusal = async (call: () => Promise<unknown>) => {
  try {
    await call();
  } catch (error) {
    if (error instanceof DomainError) return `${error.kind}: ${error.message}`;
    if (error instanceof $ZodError) return `invalid: ${error.issues[0]?.message}`;
    throw error;
  }
  return "ok";
};

describe("fn", () => {
  const Count = z.object({ count: z.number({ error: "count must be a number" }) });
  const seen: unknown[] = [];
  const echo = <A extends "public" | "customer" | "staff" | "admin">(role: A) =>
    fn({ role, input: Count }, async (actor, input) => {
      seen.push(input);
      return actor;
    });

  it("lets each role through to what it may call, the system to staff and admin work", async () => {
    type Call = (actor: never, input: { count: number }) => Promise<unknown>;
    const cases: [Call, (UserActor | SystemActor | null)[], (UserActor | SystemActor | null)[]][] = [
      [echo("public"), [null, customer, system], []],
      [echo("customer"), [customer, employee, admin], [system]],
      [echo("staff"), [employee, admin, system], [customer]],
      [echo("admin"), [admin, system], [customer, employee]],
    ];
    for (const [call, allowed, refused] of cases) {
      for (const actor of allowed) expect(await call(actor as never, { count: 1 })).toBe(actor);
      for (const actor of refused) expect(await refusal(() => call(actor as never, { count: 1 }))).toBe(`forbidden: ${FORBIDDEN}`);
    }
    expect(await refusal(() => echo("customer")(null as never, { count: 1 }))).toBe("unauthorized: Unauthorized");
  });

  it("asserts the role before it reads or parses the input", async () => {
    let read = false;
    const input = () => {
      read = true;
      return { count: "x" as never };
    };
    expect(await refusal(() => echo("staff")(customer, input))).toBe(`forbidden: ${FORBIDDEN}`);
    expect(read).toBe(false);
    expect(await refusal(() => echo("staff")(employee, input))).toBe("invalid: count must be a number");
    expect(read).toBe(true);
  });

  it("parses what a caller hands it, once: what the handler parsed with the same schema is taken as is", async () => {
    const Limit = z.object({ limit: z.pipe(z.string(), z.transform(Number)) });
    const list = fn({ role: "customer", input: Limit }, async (_actor, input) => input.limit);
    expect(await list(customer, { limit: "20" })).toBe(20);
    // Parsing 20 again with a schema of strings would refuse it.
    expect(await list(customer, parse(Limit, { limit: "20" }))).toBe(20);
    expect(await refusal(() => list(customer, { limit: 20 } as never))).toMatch(/^invalid: /);
  });

  it("takes no input as NoInput, and carries its schema and role", async () => {
    const read = fn({ role: "admin", input: NoInput }, async () => "read");
    expect(await read(admin)).toBe("read");
    expect(read.schema).toBe(NoInput);
    expect(read.access).toBe("admin");
    expect(await refusal(() => read(admin, { something: 1 } as never))).toMatch(/^invalid: /);
  });
});

/*
 * A function on a record named by the path (`{ id, patch: req.body() }`) parses the body the handler parsed
 * once more, inside its own input: each such body schema must answer the same when given its own output.
 */
describe("the body schemas a handler nests under an id parse their own output to the same", () => {
  const cases: [string, z.ZodMiniType, unknown][] = [
    ["UpdatePaddle", UpdatePaddle, { nickname: " Big Red ", coreThickness: 16, prefs: { tackiness: 2.5, color: "" }, model: null }],
    ["ImageUpload", ImageUpload, { contentType: "image/png", size: 1000 }],
    ["ProductImageUpload", ProductImageUpload, { contentType: "image/jpeg", size: 1000, variant: "thumbnail" }],
    ["PromotionPatch", PromotionPatch, { code: " save10 ", percentage: 10, isActive: false }],
    ["UpdateProduct", UpdateProduct, { code: " grip-1 ", name: " Grip ", unitAmountCents: 1999.6, description: "  soft  " }],
    ["SetVisibility", SetVisibility, { isVisible: true }],
    ["AdjustInventory", AdjustInventory, { quantityChange: -2 }],
    ["CustomerForm", CustomerForm, { firstName: " Ann ", lastName: "Lee", phone: "(720) 555-0142", email: " Ann@Example.COM " }],
    ["CustomerForm, no phone or email", CustomerForm, { firstName: "Ann", lastName: "Lee", phone: "", email: null }],
    ["CustomerPatch", CustomerPatch, { phone: "1 720 555 0142" }],
    ["SendCode", PhoneVerification.SendCode, { phone: "720.555.0142" }],
    ["VerifyCode", PhoneVerification.VerifyCode, { code: " 123456 " }],
    ["OrderNotes", OrderNotes, { myGripNotes: "  wants it Saturday " }],
    ["BulkSmsInput", BulkSmsInput, { userIds: ["u-1", "u-1", "u-2"], message: "  Courts open late  " }],
    // The two forms of POST /api/book-service: the handler hands them on as sent, but a caller may pass either.
    ["BookService", BookService, { paddleId: "p-1", bagNumber: "101", service: "s-1", dropoffDateTime: "2026-12-01T10:00", addOns: null, customerNotes: " hi " }],
    ["QuickSaleBooking", QuickSaleBooking, { customerId: "c-1", paddle: { nickname: " Red ", brand: "" }, services: ["regrip"], discount: { amount: 5.5 } }],
  ];
  it.each(cases)("%s", (_, schema, sample) => {
    const once = z.parse(schema, sample);
    expect(z.parse(schema, once)).toEqual(once);
  });
});
