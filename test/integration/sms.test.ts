import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "../../packages/core/src/db";
import { useSmsProvider } from "../../packages/core/src/sms";
import { outboxProvider } from "../../packages/core/src/sms/providers";
import { Texts } from "../../packages/core/src/texts";
import { billOf } from "../../packages/core/src/shared/bill";

afterEach(() => useSmsProvider(undefined));

async function logEntry(id: string) {
  const page = await db().entities.communication.query.byMonth({ month: new Date().toISOString().slice(0, 7) }).go({ pages: "all" });
  return page.data.find((entry) => entry.id === id);
}

describe("a text through the provider (Texts.send)", () => {
  it("appends to the outbox file and logs the text as sent", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "regrip-outbox-")), "outbox.jsonl");
    useSmsProvider(outboxProvider(file));
    const url = "https://pay.test/order-1";
    const bill = billOf({
      lineItems: [{ name: "Strip and Grip", priceCents: 4500, quantity: 1 }],
      subtotalCents: 4500,
      discountAmountCents: 0,
      taxCents: 0,
      totalCents: 4500,
      paymentStatus: "unpaid",
      paymentMethod: "STRIPE",
      refundedAmountCents: 0,
    });
    const result = await Texts.send("paymentLink", { order: { id: "order-1", number: 1042, bagNumber: "101" }, bill, url }, { phone: "+13035550101", orderId: "order-1" });
    expect(result.status).toBe("sent");
    const lines = readFileSync(file, "utf8").trim().split("\n").map((line) => JSON.parse(line));
    expect(lines).toEqual([expect.objectContaining({ to: "+13035550101", body: `Regrip: your order R-1042: Strip and Grip $45.00, Total $45.00. Pay securely here: ${url}` })]);
    expect(await logEntry(result.logId)).toMatchObject({
      channel: "sms",
      recipient: "+13035550101",
      messageType: "storefront_order",
      template: "paymentLink",
      status: "sent",
      orderId: "order-1",
      externalId: lines[0].id,
    });
  });

  it("logs a provider failure and does not throw", async () => {
    useSmsProvider({
      name: "twilio",
      send: async () => {
        throw new Error("The 'To' number is not a valid phone number.");
      },
    });
    const result = await Texts.send("test", { message: "hello" }, { phone: "+13035550102" });
    expect(result).toMatchObject({ status: "failed", error: "The 'To' number is not a valid phone number." });
    expect(await logEntry(result.logId)).toMatchObject({ status: "failed", errorMessage: "The 'To' number is not a valid phone number." });
  });

  it("sends nothing to a number that replied STOP", async () => {
    let sent = 0;
    useSmsProvider({ name: "outbox", send: async () => `id-${++sent}` });
    await db().entities.smsConversation.create({ phoneNumber: "+13035550103", optedOut: true }).go();
    const result = await Texts.send("test", { message: "Promo!" }, { phone: "+13035550103" });
    expect(result.status).toBe("blocked");
    expect(sent).toBe(0);
    expect(await logEntry(result.logId)).toMatchObject({ status: "failed", errorMessage: expect.stringContaining("STOP") });
  });
});
