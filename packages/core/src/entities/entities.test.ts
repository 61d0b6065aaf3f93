import { Service } from "electrodb";
import { afterEach, describe, expect, it, vi } from "vitest";
import { keyAttributes, table } from "../../../../infra/table";
import { db } from "../db";
import { account } from "../db/account";
import { entityFactories, uniqueKey, type Entities } from "./index";

/**
 * Pins the key design without a database: ElectroDB's `.params()` renders the
 * exact DynamoDB request offline. If a key template changes, these fail,
 * because stored items would no longer be found by the new keys.
 */

const TABLE = "regrip-test";
/** Every entity, built offline (no client) for a test table. */
const e = Object.fromEntries(Object.entries(entityFactories).map(([name, build]) => [name, build({ table: TABLE })])) as Entities;
/** And joined as one Service, which must still work: the models agree on the table and on the account collection's keys. */
const Regrip = new Service(e);

const T1 = "2026-11-02T15:04:05.000Z";
const T2 = "2026-12-01T00:00:00.000Z";

type KeyFields = Record<string, string>;
type PutItem = { Put: { TableName: string; Item: Record<string, unknown>; ConditionExpression?: string } };

/** Only the key attributes of a rendered item. */
function keysOf(item: Record<string, unknown>): KeyFields {
  const out: KeyFields = {};
  for (const name of keyAttributes()) if (name in item) out[name] = item[name] as string;
  return out;
}

/** One put per entity, with every id and timestamp fixed, and the keys it must produce. */
const puts: Array<{ entity: keyof typeof e; item: () => Record<string, unknown>; keys: KeyFields }> = [
  {
    entity: "user",
    item: () => e.user.put({ userId: "sub-1", email: "ann@example.com", createdAt: T1 }).params().Item,
    keys: { pk: "user#sub-1", sk: "profile", gsi1pk: "users", gsi1sk: T1 },
  },
  {
    // An admin with a verified phone: also in the sparse admins index (the daily low-stock text).
    entity: "user",
    item: () => e.user.put({ userId: "sub-9", createdAt: T1, adminPhone: "+13035550100", alertRole: "ADMIN" }).params().Item,
    keys: { pk: "user#sub-9", sk: "profile", gsi1pk: "users", gsi1sk: T1, gsi2pk: "role#ADMIN", gsi2sk: "+13035550100" },
  },
  {
    entity: "paddle",
    item: () => e.paddle.put({ userId: "sub-1", id: "p1", brand: "Joola" }).params().Item,
    keys: { pk: "user#sub-1", sk: "paddle#p1", gsi1pk: "paddle#p1", gsi1sk: "paddle" },
  },
  {
    entity: "bag",
    item: () => e.bag.put({ id: "b1", code3: "042", qrSlug: "q-042" }).params().Item,
    keys: { pk: "bag#b1", sk: "bag", gsi1pk: "bagcode#042", gsi1sk: "bag#b1", gsi2pk: "bags", gsi2sk: "042#b1" },
  },
  {
    entity: "serviceOrder",
    item: () =>
      e.serviceOrder
        .put({
          id: "o1",
          userId: "sub-1",
          lineItems: [{ skuId: "s1", name: "Premium Regrip", priceCents: 4500, quantity: 1 }],
          subtotalCents: 4500,
          totalCents: 4500,
          createdAt: T1,
        })
        .params().Item,
    keys: {
      pk: "order#o1",
      sk: "order",
      gsi1pk: "user#sub-1",
      gsi1sk: `order#${T1}`,
      gsi2pk: "status#INVOICED",
      gsi2sk: T1,
      gsi3pk: "orders",
      gsi3sk: T1,
    },
  },
  {
    entity: "tip",
    item: () => e.tip.put({ orderId: "o1", id: "t1", userId: "sub-1", amountCents: 500 }).params().Item,
    keys: { pk: "order#o1", sk: "tip#t1" },
  },
  {
    entity: "subscription",
    item: () =>
      e.subscription.put({ userId: "sub-1", id: "sb1", plan: "SINGLE_MONTHLY", status: "active", createdAt: T1 }).params()
        .Item,
    keys: { pk: "user#sub-1", sk: "subscription#sb1", gsi1pk: "subscriptionStatus#active", gsi1sk: T1 },
  },
  {
    entity: "sku",
    item: () =>
      e.sku
        .put({ id: "s1", code: "og-1", name: "Basic Overgrip", category: "OVERGRIP", unitAmountCents: 800, displayOrder: 3 })
        .params().Item,
    keys: { pk: "sku#s1", sk: "sku", gsi1pk: "skus", gsi1sk: "OVERGRIP#0003#000000800#Basic Overgrip" },
  },
  {
    entity: "promotion",
    item: () => e.promotion.put({ id: "pr1", code: "SAVE10", percentage: 10, createdAt: T1 }).params().Item,
    keys: { pk: "promotion#pr1", sk: "promotion", gsi1pk: "promocode#SAVE10", gsi1sk: "promotion", gsi2pk: "promotions", gsi2sk: T1 },
  },
  {
    entity: "pack",
    item: () => e.pack.put({ id: "pk1", name: "Ten", regrips: 10, priceCents: 15000, services: ["Basic Overgrip"], createdAt: T1 }).params().Item,
    keys: { pk: "pack#pk1", sk: "pack", gsi2pk: "packs", gsi2sk: T1 },
  },
  {
    entity: "packCredit",
    item: () => e.packCredit.put({ userId: "sub-1", id: "pc1", packId: "pk1", name: "Ten", regrips: 10, services: ["Basic Overgrip"], priceCents: 15000 }).params().Item,
    keys: { pk: "packs#sub-1", sk: "pack#pc1" },
  },
  {
    entity: "loyaltyAccount",
    item: () => e.loyaltyAccount.put({ userId: "sub-1" }).params().Item,
    keys: { pk: "user#sub-1", sk: "loyalty" },
  },
  {
    entity: "loyaltyLedger",
    item: () => e.loyaltyLedger.put({ userId: "sub-1", id: "l1", type: "earn", points: 45, createdAt: T1 }).params().Item,
    keys: { pk: "loyalty#sub-1", sk: `${T1}#l1` },
  },
  {
    entity: "membershipCharge",
    item: () =>
      e.membershipCharge.put({ userId: "sub-1", invoiceId: "in_1", subscriptionId: "sub_1", plan: "SINGLE_MONTHLY", amountCents: 2500, paidAt: T1 }).params().Item,
    keys: { pk: "membercharge#sub-1", sk: `${T1}#in_1` },
  },
  {
    entity: "auditLog",
    item: () =>
      e.auditLog.put({ id: "a1", action: "order.status_changed", targetType: "order", targetId: "o1", createdAt: T1 }).params()
        .Item,
    keys: { pk: "audit#2026-11", sk: `${T1}#a1`, gsi1pk: "target#order#o1", gsi1sk: T1, gsi2pk: "actor#system", gsi2sk: T1 },
  },
  {
    entity: "auditLog",
    item: () =>
      e.auditLog.put({ id: "a2", actorId: "u1", action: "staff.invited", targetType: "user", targetId: "u2", createdAt: T1 }).params().Item,
    keys: { pk: "audit#2026-11", sk: `${T1}#a2`, gsi1pk: "target#user#u2", gsi1sk: T1, gsi2pk: "actor#u1", gsi2sk: T1 },
  },
  {
    entity: "staffRoster",
    item: () => e.staffRoster.put({ name: "roster", admins: ["u1"], adminCount: 1 }).params().Item,
    keys: { pk: "staff", sk: "roster" },
  },
  {
    entity: "gripSchedule",
    item: () =>
      e.gripSchedule
        .put({ location: "ONSITE", partnerKey: "club-one", id: "g1", eventType: "ONSITE_GRIPPING", eventDate: "2026-11-14", startTime: "09:00" })
        .params().Item,
    keys: { pk: "schedule#g1", sk: "schedule", gsi1pk: "schedule", gsi1sk: "2026-11-14#09:00#g1" },
  },
  {
    entity: "partner",
    item: () => e.partner.put({ locationKey: "club-one", name: "Club One" }).params().Item,
    keys: { pk: "partner#club-one", sk: "partner", gsi1pk: "partners", gsi1sk: "Club One#club-one" },
  },
  {
    entity: "communication",
    item: () =>
      e.communication
        .put({
          id: "c1",
          userId: "sub-1",
          orderId: "o1",
          channel: "sms",
          recipient: "+13035550100",
          messageType: "order_ready",
          message: "Your paddle is ready",
          externalId: "SM1",
          sentAt: T1,
        })
        .params().Item,
    keys: {
      pk: "comms#2026-11",
      sk: `${T1}#c1`,
      gsi1pk: "order#o1",
      gsi1sk: `comm#${T1}`,
      gsi2pk: "user#sub-1",
      gsi2sk: `comm#${T1}`,
      gsi3pk: "commsext#SM1",
      gsi3sk: "SM1",
    },
  },
  {
    entity: "smsConversation",
    item: () => e.smsConversation.put({ phoneNumber: "+13035550100", lastMessageAt: T1, inbox: "unread" }).params().Item,
    keys: { pk: "smsconv#+13035550100", sk: "conversation", gsi1pk: "smsconvs", gsi1sk: T1, gsi2pk: "smsinbox#unread", gsi2sk: T1 },
  },
  {
    entity: "smsMessage",
    item: () =>
      e.smsMessage
        .put({
          conversationId: "+13035550100",
          id: "m1",
          direction: "inbound",
          fromNumber: "+13035550100",
          toNumber: "+17205550199",
          messageBody: "STOP",
          createdAt: T1,
        })
        .params().Item,
    keys: { pk: "smsconv#+13035550100", sk: `msg#${T1}#m1` },
  },
  {
    entity: "verificationCode",
    item: () =>
      e.verificationCode
        .put({ identifier: "sub-1", type: "phone", destination: "+13035550100", codeHash: "h", expiresAt: T1 })
        .params().Item,
    keys: { pk: "verify#sub-1", sk: "phone" },
  },
  {
    entity: "uniqueValue",
    item: () => e.uniqueValue.put({ ...uniqueKey("email", " Ann@Example.com "), ownerId: "sub-1" }).params().Item,
    keys: { pk: "unique#email#ann@example.com", sk: "unique" },
  },
  {
    entity: "rateLimit",
    item: () =>
      e.rateLimit.put({ scope: "phoneCode", subject: "+13035550100", uses: [T1], expiresAt: T2 }).params().Item,
    keys: { pk: "ratelimit#phoneCode#+13035550100", sk: "ratelimit" },
  },
  {
    entity: "orderCounter",
    item: () => e.orderCounter.put({ stage: "in_queue", count: 3 }).params().Item,
    keys: { pk: "stats#orderStages", sk: "stage#in_queue" },
  },
  {
    entity: "dailyStats",
    item: () => e.dailyStats.put({ day: "2026-11-23", paidOrders: 2, paidCents: 9000 }).params().Item,
    keys: { pk: "stats#daily", sk: "day#2026-11-23" },
  },
  {
    entity: "shopCounter",
    item: () => e.shopCounter.put({ name: "activeSubscriptions", count: 3 }).params().Item,
    keys: { pk: "stats#shop", sk: "counter#activeSubscriptions" },
  },
  {
    entity: "shopSettings",
    item: () => e.shopSettings.put({ name: "money", taxRateBps: { LITTLETON: 750, HIGHLANDS_RANCH: 725, ONSITE: 0 }, employeeDiscountLimitPercent: 20 }).params().Item,
    keys: { pk: "settings", sk: "settings#money" },
  },
  {
    entity: "staffTips",
    item: () => e.staffTips.put({ month: "2026-11", staffId: "sub-2", staffName: "Sam", tipCents: 750, tips: 1 }).params().Item,
    keys: { pk: "stats#tips#2026-11", sk: "staff#sub-2" },
  },
  {
    entity: "customerSearch",
    item: () => e.customerSearch.put({ prefix: "cas", entry: "caseydink#sub-1", term: "caseydink", userId: "sub-1" }).params().Item,
    keys: { pk: "custsearch#cas", sk: "caseydink#sub-1" },
  },
  {
    entity: "orderReminder",
    item: () => e.orderReminder.put({ orderId: "o-1", userId: "sub-1", stage: "ready", since: T1 }).params().Item,
    keys: { pk: "reminders#o-1", sk: "order", gsi1pk: "reminders#ready", gsi1sk: `${T1}#o-1` },
  },
  {
    entity: "orderReference",
    item: () => e.orderReference.put({ reference: "64CCF8", createdAt: "2026-11-23T10:00:00.000Z", orderId: "o-1" }).params().Item,
    keys: { pk: "orderref#64CCF8", sk: "2026-11-23T10:00:00.000Z#o-1" },
  },
  {
    entity: "salesStats",
    item: () => e.salesStats.put({ dimension: "tender", location: "LITTLETON", day: "2026-11-23", key: "POS_CASH" }).params().Item,
    keys: { pk: "stats#sales#tender#LITTLETON", sk: "day#2026-11-23#POS_CASH" },
  },
  {
    entity: "drawerSession",
    item: () => e.drawerSession.put({ id: "d-1", location: "LITTLETON", status: "open", day: "2026-11-23", openedAt: T1, startingCashCents: 10_000 }).params().Item,
    keys: { pk: "drawer#d-1", sk: "session", gsi1pk: "drawers", gsi1sk: `2026-11-23#${T1}` },
  },
  {
    entity: "drawerMovement",
    item: () => e.drawerMovement.put({ sessionId: "d-1", id: "m-1", kind: "in", amountCents: 500, at: T1 }).params().Item,
    keys: { pk: "drawer#d-1", sk: `movement#${T1}#m-1` },
  },
];

describe("entity definitions against infra/table.ts", () => {
  const gsiByName = new Map<string, (typeof table.globalIndexes)[number]>(table.globalIndexes.map((g) => [g.name, g]));

  it("joins every entity of the spec, plus membershipCharge, uniqueValue, rateLimit, orderCounter, orderReference, orderReminder, customerSearch, dailyStats, salesStats, shopCounter, shopSettings, staffTips, staffRoster, pack, packCredit and the drawer's session and movements", () => {
    expect(Object.keys(e).sort()).toEqual(
      [
        "auditLog",
        "bag",
        "communication",
        "customerSearch",
        "dailyStats",
        "drawerMovement",
        "drawerSession",
        "gripSchedule",
        "loyaltyAccount",
        "loyaltyLedger",
        "membershipCharge",
        "orderCounter",
        "orderReference",
        "orderReminder",
        "pack",
        "packCredit",
        "paddle",
        "partner",
        "promotion",
        "rateLimit",
        "salesStats",
        "serviceOrder",
        "shopCounter",
        "shopSettings",
        "sku",
        "smsConversation",
        "smsMessage",
        "staffRoster",
        "staffTips",
        "subscription",
        "tip",
        "uniqueValue",
        "user",
        "verificationCode",
      ].sort(),
    );
    expect([...new Set(puts.map((p) => p.entity))].sort()).toEqual(Object.keys(e).sort());
  });

  for (const [name, entity] of Object.entries(e)) {
    it(`${name}: model and every index's fields exist on the table`, () => {
      const schema = entity.schema as {
        model: { service: string; entity: string; version: string };
        indexes: Record<string, { index?: string; pk: { field?: string; casing?: string }; sk?: { field?: string; casing?: string } }>;
      };
      expect(schema.model).toEqual({ service: "regrip", entity: name, version: "1" });
      const definitions = Object.values(schema.indexes);
      expect(definitions.filter((d) => d.index === undefined)).toHaveLength(1);
      for (const definition of definitions) {
        expect(definition.sk, "every index of the table has a sort key").toBeDefined();
        expect(definition.pk.casing).toBe("none");
        expect(definition.sk?.casing).toBe("none");
        if (definition.index === undefined) {
          expect(definition.pk.field).toBe(table.primary.partitionKey);
          expect(definition.sk?.field).toBe(table.primary.sortKey);
        } else {
          const gsi = gsiByName.get(definition.index);
          expect(gsi, `index ${definition.index} exists in infra/table.ts`).toBeDefined();
          expect(definition.pk.field).toBe(gsi?.partitionKey);
          expect(definition.sk?.field).toBe(gsi?.sortKey);
        }
      }
      const used = definitions.map((d) => d.index ?? "table");
      expect(new Set(used).size, "one access pattern per physical index").toBe(used.length);
    });
  }

  for (const { entity, item, keys } of puts) {
    it(`${entity}: a put writes exactly these string keys`, () => {
      const written = item();
      expect(keysOf(written)).toEqual(keys);
      for (const value of Object.values(keysOf(written))) expect(typeof value).toBe("string");
      expect(written.__edb_e__).toBe(entity);
    });
  }
});

describe("reads render the designed key conditions", () => {
  it("gets a user by Cognito sub", () => {
    expect(e.user.get({ userId: "sub-1" }).params()).toEqual({ TableName: TABLE, Key: { pk: "user#sub-1", sk: "profile" } });
  });

  it("lists a user's paddles from their partition", () => {
    const params = e.paddle.query.byOwner({ userId: "sub-1" }).params();
    expect(params.KeyConditionExpression).toBe("#pk = :pk and begins_with(#sk1, :sk1)");
    expect(params.ExpressionAttributeValues).toMatchObject({ ":pk": "user#sub-1", ":sk1": "paddle#" });
    expect(params.IndexName).toBeUndefined();
  });

  it("reads everything about a user with one Query (the account collection)", () => {
    const params = Regrip.collections.account({ userId: "sub-1" }).params();
    expect(params.KeyConditionExpression).toBe("#pk = :pk");
    expect(params.ExpressionAttributeValues[":pk"]).toBe("user#sub-1");
    expect(params.IndexName).toBeUndefined();
    const members = Object.entries(params.ExpressionAttributeValues)
      .filter(([k]) => k.startsWith(":__edb_e__"))
      .map(([, v]) => v)
      .sort();
    expect(members).toEqual(["loyaltyAccount", "paddle", "subscription", "user"]);
  });

  it("lists My Grips newest first on gsi1", () => {
    const params = e.serviceOrder.query.byUser({ userId: "sub-1" }).params({ order: "desc", limit: 5 });
    expect(params).toMatchObject({
      IndexName: "gsi1",
      ScanIndexForward: false,
      Limit: 5,
      ExpressionAttributeValues: { ":pk": "user#sub-1", ":sk1": "order#" },
    });
  });

  it("filters the queue by stored status on gsi2 and lists all orders on gsi3", () => {
    expect(e.serviceOrder.query.byStatus({ status: "SERVICE_QUEUE" }).params({ order: "desc" })).toMatchObject({
      IndexName: "gsi2",
      KeyConditionExpression: "#pk = :pk",
      ExpressionAttributeValues: { ":pk": "status#SERVICE_QUEUE" },
      ScanIndexForward: false,
    });
    const since = e.serviceOrder.query.allOrders({}).gte({ createdAt: T1 }).params();
    expect(since).toMatchObject({ IndexName: "gsi3", ExpressionAttributeValues: { ":pk": "orders", ":sk1": T1 } });
    expect(since.KeyConditionExpression).toBe("#pk = :pk and #sk1 >= :sk1");
  });

  it("reads one category of the catalogue in display order", () => {
    expect(e.sku.query.catalogue({}).begins({ category: "EDGE" }).params()).toMatchObject({
      IndexName: "gsi1",
      ExpressionAttributeValues: { ":pk": "skus", ":sk1": "EDGE" },
    });
  });

  it("finds a promotion by code on gsi1", () => {
    expect(e.promotion.query.byCode({ code: "SAVE10" }).params()).toMatchObject({
      IndexName: "gsi1",
      ExpressionAttributeValues: { ":pk": "promocode#SAVE10", ":sk1": "promotion" },
    });
  });

  it("reads recent activity newest first from the month's audit partition", () => {
    expect(e.auditLog.query.byMonth({ month: "2026-11" }).params({ order: "desc", limit: 10 })).toMatchObject({
      KeyConditionExpression: "#pk = :pk",
      ExpressionAttributeValues: { ":pk": "audit#2026-11" },
      ScanIndexForward: false,
      Limit: 10,
    });
  });

  it("finds a communication by the provider's message id on gsi3", () => {
    expect(e.communication.query.byExternalId({ externalId: "SM1" }).params()).toMatchObject({
      IndexName: "gsi3",
      ExpressionAttributeValues: { ":pk": "commsext#SM1", ":sk1": "SM1" },
    });
  });
});

describe("writes", () => {
  it("reserves a unique value only if nobody holds it", () => {
    const params = e.uniqueValue.create({ ...uniqueKey("promoCode", " save10 "), ownerId: "pr1" }).params();
    expect(params.Item).toMatchObject({ pk: "unique#promoCode#SAVE10", kind: "promoCode", value: "SAVE10" });
    expect(params.ConditionExpression).toBe("attribute_not_exists(#pk) AND attribute_not_exists(#sk)");
  });

  it("writes a promotion and its code reservation in one transaction", () => {
    const params = Regrip.transaction
      .write(({ promotion, uniqueValue }) => [
        uniqueValue.create({ ...uniqueKey("promoCode", "SAVE10"), ownerId: "pr1" }).commit(),
        promotion.create({ id: "pr1", code: "SAVE10", percentage: 10 }).commit(),
      ])
      .params();
    expect(params.TransactItems).toHaveLength(2);
    const items = params.TransactItems.map((t) => (t as PutItem).Put);
    expect(items.map((put) => put.Item.pk)).toEqual(["unique#promoCode#SAVE10", "promotion#pr1"]);
    for (const put of items) {
      expect(put.TableName).toBe(TABLE);
      expect(put.ConditionExpression).toContain("attribute_not_exists(#pk)");
    }
  });

  it("moves an order between status partitions without other composites", () => {
    const params = e.serviceOrder
      .patch({ id: "o1" })
      .set({ status: "READY" })
      .append({ statusHistory: [{ from: "BEING_SERVICED", to: "READY", actorId: "staff-1", at: T2 }] })
      .params();
    expect(params.Key).toEqual({ pk: "order#o1", sk: "order" });
    expect(params.ExpressionAttributeValues).toMatchObject({ ":gsi2pk_u0": "status#READY" });
    expect(params.UpdateExpression).toContain("list_append");
    expect(params.ConditionExpression).toBe("attribute_exists(#pk) AND attribute_exists(#sk)");
  });

  it("takes stock with a condition that cannot oversell", () => {
    const params = e.sku
      .patch({ id: "s1" })
      .subtract({ stockQuantity: 2 })
      .where(({ stockQuantity, unlimitedStock }, { gte, eq }) => `${eq(unlimitedStock, false)} AND ${gte(stockQuantity, 2)}`)
      .params();
    expect(params.ConditionExpression).toContain("#stockQuantity >= :stockQuantity0");
    expect(params.ConditionExpression).toContain("#unlimitedStock = :unlimitedStock0");
  });

  it("defaults a new sku to counted stock of 0 and the spec's other defaults", () => {
    expect(e.sku.put({ code: "x", name: "x", unitAmountCents: 1 }).params().Item).toMatchObject({
      stockQuantity: 0,
      unlimitedStock: false,
      lowStockThreshold: 5,
      displayOrder: 999,
      isVisible: true,
      currency: "usd",
    });
  });

  it("sets defaults from the spec on a new user, promotions off (opted in only explicitly, US texting rules)", () => {
    const item = e.user.put({ userId: "sub-2" }).params().Item;
    expect(item).toMatchObject({
      accountStatus: "active",
      authProvider: "cognito",
      smsNotifications: true,
      smsPromotions: false,
      emailNotifications: true,
      emailPromotions: false,
    });
    // A string set: a JS Set once db() has bound the v3 client, ElectroDB's own wrapper before.
    const roles = item.roles as Set<string> | { values: string[] };
    expect(roles instanceof Set ? [...roles] : roles.values).toEqual(["CUSTOMER"]);
    expect(typeof item.createdAt).toBe("string");
    expect(item.updatedAt).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));
  });

  it("leaves a communication without order, user or provider id out of the sparse indexes", () => {
    const item = e.communication
      .put({ channel: "sms", recipient: "+13035550100", messageType: "test", message: "hi", sentAt: T2 })
      .params().Item;
    expect(keysOf(item)).toEqual({ pk: "comms#2026-12", sk: expect.stringMatching(/^2026-12-01T00:00:00.000Z#/) });
  });

  it("indexes a communication by provider id when the id arrives later", () => {
    const params = e.communication.patch({ month: "2026-11", sentAt: T1, id: "c1" }).set({ externalId: "SM9" }).params();
    expect(params.ExpressionAttributeValues).toMatchObject({ ":gsi3pk_u0": "commsext#SM9", ":gsi3sk_u0": "SM9" });
  });

  it("buckets audit entries by the month of their own timestamp", () => {
    const item = e.auditLog
      .put({ action: "x", targetType: "system", targetId: "-", createdAt: "2020-01-31T23:59:59.999Z" })
      .params().Item;
    expect(item.pk).toBe("audit#2020-01");
  });

  it("derives the TTL epoch of a verification code from expiresAt", () => {
    const item = e.verificationCode
      .put({ identifier: "sub-1", type: "phone", destination: "+13035550100", codeHash: "h", expiresAt: T1 })
      .params().Item;
    expect(item[table.timeToLiveAttribute]).toBe(Date.parse(T1) / 1000);
    expect(item).not.toHaveProperty("code");
  });

  it("rejects values the spec does not allow", () => {
    expect(() => e.paddle.put({ userId: "u", brand: "b", coreThickness: 19 }).params()).toThrow();
    expect(() => e.paddle.put({ userId: "u", brand: "b", prefs: { tackiness: 6 } }).params()).toThrow();
    expect(() =>
      e.serviceOrder.put({ userId: "u", lineItems: [], subtotalCents: 10.5, totalCents: 10 }).params(),
    ).toThrow();
    expect(() => e.promotion.put({ code: "save10", percentage: 10 }).params()).toThrow();
    expect(() => e.promotion.put({ code: "SAVE10", percentage: 101 }).params()).toThrow();
    expect(() => e.sku.put({ code: "x", name: "x", unitAmountCents: -1 }).params()).toThrow();
    expect(() =>
      e.serviceOrder
        .put({ userId: "u", lineItems: [], subtotalCents: 0, totalCents: 0, status: "SHIPPED" as never })
        .params(),
    ).toThrow();
  });
});

describe("reads", () => {
  const order = (fields: Record<string, unknown>) =>
    e.serviceOrder.parse({ Item: e.serviceOrder.put({ id: "o1", userId: "u", lineItems: [], subtotalCents: 0, totalCents: 0, createdAt: T1, ...fields }).params().Item }).data!;
  const club = { locationKey: "dpc", name: "Denver Pickleball Club" };

  it("reads a counter sale written before COUNTER (ONSITE with no club, isOnsite true) as the counter sale it is", () => {
    expect(order({ dropoffLocation: "ONSITE", pickupLocation: "ONSITE", isOnsite: true })).toMatchObject({ dropoffLocation: "COUNTER", pickupLocation: "COUNTER", isOnsite: false });
    expect(order({ dropoffLocation: "COUNTER", pickupLocation: "COUNTER", isOnsite: false })).toMatchObject({ dropoffLocation: "COUNTER", pickupLocation: "COUNTER", isOnsite: false });
  });

  it("leaves a club day's order, a delivery run's and a shop's as stored", () => {
    expect(order({ dropoffLocation: "ONSITE", pickupLocation: "ONSITE", isOnsite: true, partner: club, scheduleEventId: "ev1" })).toMatchObject({ dropoffLocation: "ONSITE", pickupLocation: "ONSITE", isOnsite: true });
    expect(order({ dropoffLocation: "LITTLETON", pickupLocation: "ONSITE", isOnsite: false, partner: club, scheduleEventId: "run1" })).toMatchObject({ dropoffLocation: "LITTLETON", pickupLocation: "ONSITE", isOnsite: false });
    expect(order({ dropoffLocation: "HIGHLANDS_RANCH", pickupLocation: "HIGHLANDS_RANCH" })).toMatchObject({ dropoffLocation: "HIGHLANDS_RANCH", isOnsite: false });
  });
});

describe("db()", () => {
  const saved = process.env.TABLE_NAME;
  afterEach(() => {
    if (saved === undefined) delete process.env.TABLE_NAME;
    else process.env.TABLE_NAME = saved;
  });

  it("refuses to run without TABLE_NAME", () => {
    delete process.env.TABLE_NAME;
    expect(() => db()).toThrow(/TABLE_NAME/);
  });

  it("binds the entities and the account collection to the table named at call time", () => {
    process.env.TABLE_NAME = "regrip-one";
    expect(db().entities.user.get({ userId: "u" }).params().TableName).toBe("regrip-one");
    process.env.TABLE_NAME = "regrip-two";
    const bound = db();
    expect(bound.entities.user.get({ userId: "u" }).params().TableName).toBe("regrip-two");
    expect(bound.entities.bag.get({ id: "b" }).params().TableName).toBe("regrip-two");
    const tx = bound.transaction
      .write(({ uniqueValue }) => [uniqueValue.create({ ...uniqueKey("username", "Ann"), ownerId: "u" }).commit()])
      .params();
    expect((tx.TransactItems[0] as PutItem).Put.TableName).toBe("regrip-two");
    expect(account().collections.account({ userId: "u" }).params().TableName).toBe("regrip-two");
    process.env.TABLE_NAME = "regrip-three";
    expect(account().collections.account({ userId: "u" }).params().TableName).toBe("regrip-three");
    expect(db().entities.paddle.get({ userId: "u", id: "p" }).params().TableName).toBe("regrip-three");
  });

  it("builds an entity the first time it is used, and only the entities used", async () => {
    vi.resetModules();
    const fresh = await import("../db");
    const freshAccount = await import("../db/account");
    process.env.TABLE_NAME = "regrip-one";
    expect(fresh.builtEntities()).toEqual([]);
    fresh.db().entities.bag.get({ id: "b" }).params();
    expect(fresh.builtEntities()).toEqual(["bag"]);
    const tx = fresh
      .db()
      .transaction.write(({ uniqueValue, bag }) => [
        uniqueValue.create({ ...uniqueKey("bagCode", "042"), ownerId: "b" }).commit(),
        bag.patch({ id: "b" }).set({ assignedToId: "o1" }).commit(),
      ])
      .params();
    expect(tx.TransactItems).toHaveLength(2);
    expect(fresh.builtEntities().sort()).toEqual(["bag", "uniqueValue"]);
    freshAccount.account().collections.account({ userId: "u" }).params();
    expect(fresh.builtEntities().sort()).toEqual(["bag", "loyaltyAccount", "paddle", "subscription", "uniqueValue", "user"]);
  });

  it("answers an empty transaction without calling DynamoDB", async () => {
    process.env.TABLE_NAME = "regrip-one";
    expect(await db().transaction.write(() => []).go()).toEqual({ canceled: false, data: [] });
  });
});
