import { describe, expect, it } from "vitest";
import { COMMUNICATION_MESSAGE_TYPES } from "../entities/enums";
import { ORDER_MOVE_TEXTS } from "../notifications";
import { OPT_OUT_LINE, withOptOut } from "../shared/sms-consent";
import { FINAL_NOTICE_DAYS, NO_RESPONSIBILITY_DAYS, STORAGE_FEE_DAYS } from "../shared/reminders";
import { SMS_HELP_REPLY, templates } from "./templates";

const order = { paddle: { nickname: "Big Blue" }, bagNumber: "042", pickupLocation: "HIGHLANDS_RANCH" as const, dropoffLocation: "HIGHLANDS_RANCH" as const };

describe("order texts", () => {
  it("names the paddle, the bag and the shop", () => {
    expect(templates.orderCheckedIn.words(order)).toBe(`Regrip: we've checked in "Big Blue" (bag 042) at Regrip Highlands Ranch. We'll text you when it's ready.`);
    expect(templates.orderReady.words(order)).toContain(`"Big Blue" (bag 042) is ready for pickup at Regrip Highlands Ranch!`);
    expect(templates.orderPickedUp.words(order)).toContain("picked up from Regrip Highlands Ranch");
    expect(templates.orderReady.words({ paddle: undefined, bagNumber: undefined, pickupLocation: undefined, dropoffLocation: "LITTLETON" })).toContain(
      "your paddle is ready for pickup at Regrip Littleton",
    );
  });

  it("names the promised pickup day on check-in, and a partner club by its name", () => {
    expect(templates.orderCheckedIn.words({ ...order, pickupDay: "Monday, November 30" })).toBe(
      `Regrip: we've checked in "Big Blue" (bag 042) at Regrip Highlands Ranch. It will be ready on Monday, November 30; we'll text you when it is.`,
    );
    const club = { ...order, pickupLocation: "ONSITE" as const, partner: { locationKey: "club", name: "Denver Pickleball Club" } };
    expect(templates.orderReady.words(club)).toContain("ready for pickup at Denver Pickleball Club!");
  });

  it("links the ready text to the order page, where a tip can be left, when it has one", () => {
    expect(templates.orderReady.words({ ...order, orderUrl: "https://regrip.example/orders/o1" })).toBe(
      `Regrip: "Big Blue" (bag 042) is ready for pickup at Regrip Highlands Ranch! Bring your grip home within 30 days. Your order, and a tip for the crew if you like: https://regrip.example/orders/o1`,
    );
    expect(templates.orderReady.words(order)).not.toContain("tip");
  });

  it("names a counter sale's place as our counter, never 'Regrip the counter' nor an on-site booth", () => {
    const counter = { paddle: { nickname: "Big Red" }, bagNumber: "107", pickupLocation: "COUNTER" as const, dropoffLocation: "COUNTER" as const };
    expect(templates.orderReady.words(counter)).toBe(`Regrip: "Big Red" (bag 107) is ready for pickup at our counter! Bring your grip home within 30 days.`);
    expect(templates.orderCheckedIn.words(counter)).toContain(`(bag 107) at our counter.`);
    expect(templates.orderPickedUp.words(counter)).toContain("picked up from our counter.");
    // The pickup location decides, then the drop-off; with neither, the shop's name.
    expect(templates.orderReady.words({ ...counter, pickupLocation: "LITTLETON" })).toContain("ready for pickup at Regrip Littleton!");
    expect(templates.orderReady.words({ ...counter, pickupLocation: undefined, dropoffLocation: undefined })).toContain("ready for pickup at Regrip!");
    for (const pickupLocation of ["LITTLETON", "HIGHLANDS_RANCH", "ONSITE", "COUNTER"] as const) {
      expect(templates.orderReady.words({ ...counter, pickupLocation })).not.toMatch(/Regrip the|on-site booth/);
    }
  });

  it("uses the spec's message types, for the moves that text", () => {
    const types = Object.fromEntries(Object.entries(ORDER_MOVE_TEXTS).map(([stage, name]) => [stage, templates[name].messageType]));
    expect(types).toEqual({ checked_in: "order_checked_in", ready: "order_ready", picked_up: "order_picked_up" });
    for (const name of Object.values(ORDER_MOVE_TEXTS)) expect(templates[name].consent).toBe("orderUpdates");
  });
});

describe("the other texts", () => {
  it("keep their words", () => {
    // The order by its number, never its bag (bags are reused).
    expect(templates.paymentLink.words({ order: { id: "o-abcdef123456", number: 1042, bagNumber: "107", totalCents: 4500 }, url: "https://pay.test/x" })).toBe(
      "Regrip: your order R-1042 comes to $45.00. Pay securely here: https://pay.test/x",
    );
    // An order made before numbers, not yet recounted: the id's end.
    expect(templates.paymentLink.words({ order: { id: "o-abcdef123456", bagNumber: undefined, totalCents: 805 }, url: "u" })).toContain("order 123456 comes to $8.05");
    expect(templates.receipt.words({ order: { id: "o-abcdef123456", number: 1043, bagNumber: undefined, totalCents: 6030 }, url: "https://shop.test/receipt/o-abcdef123456?t=tok" })).toBe(
      "Regrip: thanks! We received $60.30 for order R-1043. Your receipt: https://shop.test/receipt/o-abcdef123456?t=tok",
    );
    expect(templates.verificationCode.words({ code: "012345" })).toBe("Your Regrip verification code is 012345. It expires in 10 minutes.");
    expect(SMS_HELP_REPLY).toBe(
      "Regrip paddle regripping (Littleton & Highlands Ranch). Help: support@regrip.shop. Msg & data rates may apply. Reply STOP to opt out, START to opt back in.",
    );
    // The admin's own words, as typed.
    expect(templates.test.words({ message: "Hello there" })).toBe("Hello there");
    expect(templates.broadcast.words({ message: "Sale on Saturday" })).toBe("Sale on Saturday");
  });

  it("each is logged under a message type of the spec's log and says who gets it and when", () => {
    for (const [name, template] of Object.entries(templates)) {
      expect(COMMUNICATION_MESSAGE_TYPES, name).toContain(template.messageType);
      expect(template.to, name).not.toBe("");
      expect(template.when, name).not.toBe("");
    }
    expect(templates.helpReply.consent).toBe("help");
    expect(templates.broadcast.consent).toBe("promotions");
    // A receipt is an order text: only to a customer who allows them, at their profile's phone.
    expect(templates.receipt.consent).toBe("orderUpdates");
  });
});

describe("the reminders' texts", () => {
  it("remind the customer to pick up, then name the storage fee and the final notice with the terms' days", () => {
    expect(templates.pickupReminder.words(order)).toBe(
      `Regrip: a friendly reminder that "Big Blue" (bag 042) is ready for pickup at Regrip Highlands Ranch. Come get your fresh grip!`,
    );
    expect(templates.storageNotice.words(order)).toBe(
      `Regrip: "Big Blue" (bag 042) has been ready for pickup at Regrip Highlands Ranch for ${STORAGE_FEE_DAYS} days. As our terms say, a storage fee may now apply for each further week. Please pick it up soon.`,
    );
    expect(templates.finalNotice.words(order)).toBe(
      `Regrip: final notice. "Big Blue" (bag 042) has been waiting at Regrip Highlands Ranch for ${FINAL_NOTICE_DAYS} days. Paddles left more than ${NO_RESPONSIBILITY_DAYS} days after we told you they were ready are considered abandoned. Please pick it up within 5 days.`,
    );
    for (const name of ["pickupReminder", "storageNotice", "finalNotice"] as const) {
      expect(templates[name].consent, name).toBe("orderUpdates");
      expect(templates[name].messageType, name).toBe("reminder");
    }
  });

  it("the regrip reminder is promotional, links to Book again and ends with how to opt out", () => {
    const words = templates.regripReminder.words({ order, url: "https://regrip.test/booking?again=o-1" });
    expect(words).toBe(
      `Regrip: it's been 12 weeks since "Big Blue" got its fresh grip. Time for another? Book it again: https://regrip.test/booking?again=o-1 Reply STOP to opt out`,
    );
    expect(templates.regripReminder.consent).toBe("promotions");
    // Texts.send adds the line only when it is missing.
    expect(withOptOut(words)).toBe(words);
    expect(withOptOut("Sale on Saturday")).toBe(`Sale on Saturday. ${OPT_OUT_LINE}`);
    expect(withOptOut("Sale on Saturday!")).toBe(`Sale on Saturday! ${OPT_OUT_LINE}`);
  });

  it("the admins' low-stock summary names the products, at most 8, and goes to admins only", () => {
    const products = Array.from({ length: 10 }, (_, i) => ({ code: `C${i}`, name: `Grip ${i}`, stockQuantity: i }));
    const words = templates.lowStockSummary.words({ products });
    expect(words.startsWith("Regrip low stock (10): Grip 0 (C0) 0 left; Grip 1 (C1) 1 left;")).toBe(true);
    expect(words).toContain("Grip 7 (C7) 7 left; and 2 more. See the dashboard.");
    expect(words).not.toContain("Grip 8");
    expect(templates.lowStockSummary.consent).toBe("staffAlert");
  });
});

describe("docs/product.md's list of every text and email", () => {
  it("names every template, with the channels it goes out on", async () => {
    const { readFile } = await import("node:fs/promises");
    const doc = await readFile(new URL("../../../../docs/product.md", import.meta.url), "utf8");
    const section = doc.slice(doc.indexOf("## Every text and email the shop sends"));
    const next = section.indexOf("\n#", 5);
    const listed = [...section.slice(0, next < 0 ? undefined : next).matchAll(/^\| `(\w+)` \|.*\| (text|text and email) \|$/gm)];
    expect(listed.map(([, name]) => name).sort()).toEqual(Object.keys(templates).sort());
    for (const [, name, channels] of listed) {
      expect(channels, name).toBe("email" in templates[name as keyof typeof templates] && templates[name as keyof typeof templates].email ? "text and email" : "text");
    }
  });
});
