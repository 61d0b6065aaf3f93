import { describe, expect, it } from "vitest";
import { COMMUNICATION_MESSAGE_TYPES } from "../entities/enums";
import { ORDER_MOVE_TEXTS } from "../notifications";
import { billOf, type BillSource } from "../shared/bill";
import { OPT_OUT_LINE, withOptOut } from "../shared/sms-consent";
import { FINAL_NOTICE_DAYS, NO_RESPONSIBILITY_DAYS, STORAGE_FEE_DAYS } from "../shared/reminders";
import { SMS_HELP_REPLY, templates } from "./templates";

/** The bill of an order of `lines` as stored (shared/bill.ts), with whatever else `fields` set. */
const billFor = (lines: BillSource["lineItems"], fields: Partial<BillSource> = {}) => {
  const subtotalCents = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  return billOf({ lineItems: lines, subtotalCents, discountAmountCents: 0, taxCents: 0, totalCents: subtotalCents, paymentStatus: "unpaid", paymentMethod: "STRIPE", refundedAmountCents: 0, ...fields });
};

const order = { paddle: { nickname: "Big Blue" }, number: 1042, bagNumber: "042", pickupLocation: "HIGHLANDS_RANCH" as const, dropoffLocation: "HIGHLANDS_RANCH" as const };

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

  it("ends the ready text with the shop's phone, and keeps it to two segments with the order's link", () => {
    const url = "https://www.regrip.shop/orders/0f8fad5b-d9cb-469f-a165-70867728950e";
    const words = templates.orderReady.words({ ...order, paddle: { nickname: "My Favourite Paddle Ever" }, shopPhone: "(303) 555-0187", orderUrl: url });
    expect(words).toContain("Bring your grip home within 30 days. Questions? Call (303) 555-0187. Your order");
    // Two GSM segments of a long text: 2 x 153 characters, plain ASCII.
    expect(words.length).toBeLessThanOrEqual(306);
    expect(words).toMatch(/^[\x20-\x7e]*$/);
    expect(templates.orderReady.words(order)).not.toContain("Questions?");
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
    // A balance left to pay at pickup is said; none, nothing is.
    expect(templates.orderReady.words({ ...counter, dueCents: 2400 })).toBe(`Regrip: "Big Red" (bag 107) is ready for pickup at our counter! Bring your grip home within 30 days. $24.00 to pay at pickup.`);
    expect(templates.orderReady.words({ ...counter, dueCents: 0 })).not.toContain("to pay");
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
    // The order by its number, never its bag (bags are reused); an order made before numbers, not yet recounted: the id's end.
    const regrip = billFor([{ name: "Strip and Grip", priceCents: 4500, quantity: 1 }]);
    expect(templates.paymentLink.words({ order: { id: "o-abcdef123456", number: 1042, bagNumber: "107" }, bill: regrip, url: "https://pay.test/x" })).toBe(
      "Regrip: your order R-1042: Strip and Grip $45.00, Total $45.00. Pay securely here: https://pay.test/x",
    );
    const tape = billFor([{ name: "Edge Tape", priceCents: 805, quantity: 1 }]);
    expect(templates.paymentLink.words({ order: { id: "o-abcdef123456", bagNumber: undefined }, bill: tape, url: "u" })).toContain("order 123456: Edge Tape $8.05, Total $8.05.");
    const paid = billFor([{ name: "Strip and Grip", priceCents: 6030, quantity: 1 }], { paymentStatus: "paid", paymentMethod: "POS_CASH" });
    expect(templates.receipt.words({ order: { id: "o-abcdef123456", number: 1043, bagNumber: undefined, bill: paid }, url: "https://shop.test/receipt/o-abcdef123456?t=tok" })).toBe(
      "Regrip: thanks! We received $60.30 for order R-1043. Strip and Grip $60.30, Total $60.30. Your receipt: https://shop.test/receipt/o-abcdef123456?t=tok",
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

describe("the texts and emails that state an order's money", () => {
  // $45 regrip (labour) + $15 guard + $5 tape (goods), GRIP5 and 100 points, the goods taxed at 7.5 % (money.test.ts).
  const booked = billFor(
    [
      { name: "Strip and Grip", description: "Black, Tacky", priceCents: 4500, quantity: 1 },
      { name: "Edge Guard", priceCents: 1500, quantity: 1, taxable: true },
      { name: "Edge Tape", priceCents: 500, quantity: 1, taxable: true },
    ],
    { discountAmountCents: 500, promoCode: "GRIP5", pointsRedeemed: 100, pointsDiscountCents: 1000, taxCents: 115, taxRateBps: 750, totalCents: 5115 },
  );
  const confirmation = { ...order, id: "o-1", bill: booked, dropoffWhen: "Monday, November 30 at 10 am", pickupDay: "Tuesday, December 1", payBy: "Pay by 10:53 am today, or the booking is released" };

  it("the booking confirmation ends with the shop's phone by text, and its whole contact by email", () => {
    const contact = ["Regrip Highlands Ranch", "9300 S Colorado Blvd", "Highlands Ranch, CO 80126", "Monday to Friday: 10 am to 7 pm", "(303) 555-0187", "hr@regrip.shop"];
    const withShop = { ...confirmation, shopPhone: "(303) 555-0187", shopContact: contact };
    expect(templates.bookingConfirmation.words(withShop)).toMatch(/or the booking is released\. Questions\? Call \(303\) 555-0187\.$/);
    expect(templates.bookingConfirmation.email(withShop).text).toContain(["Questions? The shop:", ...contact].join("\n"));
    expect(templates.bookingConfirmation.email(confirmation).text).not.toContain("Questions?");
  });

  it("the booking confirmation's email offers the drop-off's calendar file beside the order's link", () => {
    const text = templates.bookingConfirmation.email({ ...confirmation, orderUrl: "https://regrip.test/orders/o-1" }).text;
    expect(text).toContain("Your order: https://regrip.test/orders/o-1\nAdd the drop-off to your calendar: https://regrip.test/orders/o-1?calendar=1");
  });

  it("the booking confirmation names the lines, the promotion, the points, the tax and the total, by text and by email", () => {
    expect(templates.bookingConfirmation.words(confirmation)).toBe(
      `Regrip: you're booked! "Big Blue" (bag 042), order R-1042. Drop it off at Regrip Highlands Ranch on Monday, November 30 at 10 am; it will be ready on Tuesday, December 1. Strip and Grip $45.00, Edge Guard $15.00, Edge Tape $5.00, Promotion GRIP5 -$5.00, 100 points -$10.00, Sales tax $1.15, Total $51.15. Pay by 10:53 am today, or the booking is released.`,
    );
    expect(templates.bookingConfirmation.email(confirmation).text).toContain(
      [
        "What we'll do:",
        "  Strip and Grip (Black, Tacky): $45.00",
        "  Edge Guard: $15.00",
        "  Edge Tape: $5.00",
        "  Promotion GRIP5: -$5.00",
        "  100 points: -$10.00",
        "  Sales tax (7.5%): $1.15",
        "  Total: $51.15",
        "Pay by 10:53 am today, or the booking is released.",
        "Drop-off: Regrip Highlands Ranch, Monday, November 30 at 10 am",
      ].join("\n"),
    );
  });

  it("the receipt names the payment, the staff discount and the balance", () => {
    const paid = billFor([{ name: "Strip and Grip", priceCents: 4500, quantity: 1 }], {
      discountAmountCents: 900,
      discountByStaffName: "Sam",
      totalCents: 3600,
      paymentStatus: "paid",
      paymentMethod: "POS_CASH",
      posPaymentDetails: { staffName: "Sam" },
    });
    const receipt = { order: { ...order, id: "o-1", bill: paid, card: "Cash at the counter" } };
    expect(templates.receipt.words(receipt)).toBe(
      "Regrip: thanks! We received $36.00 for order R-1042 (Cash at the counter). Strip and Grip $45.00, Staff discount -$9.00, Total $36.00.",
    );
    expect(templates.receipt.email(receipt).text).toContain(
      ["  Strip and Grip: $45.00", "  Staff discount: -$9.00", "  Total: $36.00", "  Paid (Cash at the counter): $36.00", "  Balance due: $0.00"].join("\n"),
    );
  });

  it("the refund notice names the amount, its sales tax and what stays paid, with the bill", () => {
    const refunded = billFor(
      [
        { name: "Strip and Grip", priceCents: 4500, quantity: 1 },
        { name: "Edge Guard", priceCents: 1500, quantity: 1, taxable: true },
      ],
      { taxCents: 113, taxRateBps: 750, totalCents: 6113, paymentStatus: "paid", paymentMethod: "STRIPE", refundedAmountCents: 1613, refunds: [{ amountCents: 1613, taxCents: 113, at: "2026-11-28T17:00:00.000Z" }] },
    );
    const notice = { order: { id: "o-1", number: 1042, bagNumber: "042", bill: refunded, card: "Visa ending in 4242" }, refund: { amountCents: 1613, taxCents: 113 } };
    expect(templates.refundNotice.words(notice)).toBe(
      "Regrip: we've refunded $16.13 (of it $1.13 sales tax) for order R-1042: back to your Visa ending in 4242. It can take 5 to 10 days to show on your statement. Your bill: Sales tax $1.13, Total $61.13, Refunded -$16.13, Still paid $45.00.",
    );
    expect(templates.refundNotice.email(notice).text).toContain(
      ["  Strip and Grip: $45.00", "  Edge Guard: $15.00", "  Sales tax (7.5%): $1.13", "  Total: $61.13", "  Paid (Visa ending in 4242): $61.13", "  Refunded: -$16.13", "  Still paid: $45.00"].join("\n"),
    );
  });

  it("a membership's coverage is named, and a text counts the lines past six with their amount", () => {
    const lines = Array.from({ length: 8 }, (_, i) => ({ name: `Grip ${i + 1}`, priceCents: 1000, quantity: 1 }));
    const covered = billFor([{ name: "Strip and Grip", description: "Covered by your membership", priceCents: 0, quantity: 1 }, ...lines], { coveredCents: 4500, totalCents: 8000 });
    const words = templates.paymentLink.words({ order: { id: "o-1", number: 1042, bagNumber: "042" }, bill: covered, url: "u" });
    expect(words).toBe(
      "Regrip: your order R-1042: Strip and Grip $45.00, Grip 1 $10.00, Grip 2 $10.00, Grip 3 $10.00, Grip 4 $10.00, 4 more items $40.00, Membership coverage -$45.00, Total $80.00. Pay securely here: u",
    );
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

describe("the drawer's close report", () => {
  it("goes to staff by email only, its subject naming the shop, the day and the difference, its body the report's lines", () => {
    const params = { shop: "Regrip Littleton", day: "2026-11-29", difference: "Short $2.00", lines: ["Expected cash: $155.00", "Counted cash: $153.00"] };
    expect(templates.drawerClosed.consent).toBe("staffAlert");
    expect(templates.drawerClosed.email(params)).toEqual({
      subject: "Regrip Littleton drawer closed 2026-11-29: Short $2.00",
      text: "Expected cash: $155.00\nCounted cash: $153.00\n",
    });
  });
});

describe("docs/product.md's list of every text and email", () => {
  it("names every template, with the channels it goes out on", async () => {
    const { readFile } = await import("node:fs/promises");
    const doc = await readFile(new URL("../../../../docs/product.md", import.meta.url), "utf8");
    const section = doc.slice(doc.indexOf("## Every text and email the shop sends"));
    const next = section.indexOf("\n#", 5);
    const listed = [...section.slice(0, next < 0 ? undefined : next).matchAll(/^\| `(\w+)` \|.*\| (text|text and email|email) \|$/gm)];
    expect(listed.map(([, name]) => name).sort()).toEqual(Object.keys(templates).sort());
    for (const [, name, channels] of listed) {
      const template = templates[name as keyof typeof templates];
      // A staff alert with email words is emailed only (Texts.emailStaff: the drawer's close report).
      const emailed = "email" in template && template.email;
      expect(channels, name).toBe(emailed ? (template.consent === "staffAlert" ? "email" : "text and email") : "text");
    }
  });
});

describe("the README's list of texts and emails", () => {
  it("names every template", async () => {
    const { readFile } = await import("node:fs/promises");
    const readme = await readFile(new URL("../../../../README.md", import.meta.url), "utf8");
    const section = readme.slice(readme.indexOf("## Texts and emails"), readme.indexOf("\n## ", readme.indexOf("## Texts and emails") + 5));
    const named = new Set([...section.matchAll(/`(\w+)`/g)].map(([, name]) => name));
    expect(Object.keys(templates).filter((name) => !named.has(name))).toEqual([]);
  });
});

describe("the unpaid hold's messages", () => {
  const booking = { ...order, id: "o-abcdef123456", bill: billFor([{ name: "Basic Overgrip", quantity: 1, priceCents: 1200 }]) };

  it("the confirmation states the deadline of a booking on hold, and no deadline otherwise", () => {
    const payBy = "Pay by 10:53 am today, or the booking is released";
    expect(templates.bookingConfirmation.words({ ...booking, payBy })).toBe(
      `Regrip: you're booked! "Big Blue" (bag 042), order R-1042. Drop it off at Regrip Highlands Ranch. Basic Overgrip $12.00, Total $12.00. ${payBy}.`,
    );
    expect(templates.bookingConfirmation.email({ ...booking, payBy }).text).toContain(`  Total: $12.00\n${payBy}.\n`);
    // Paid, covered, nothing to pay: no deadline, and never the old "before drop-off".
    for (const words of [templates.bookingConfirmation.words(booking), templates.bookingConfirmation.email(booking).text]) {
      expect(words).not.toMatch(/Pay by|released|before drop-off/);
    }
  });

  it("the release names the order, the deadline missed, that nothing was charged, and the link to book again", () => {
    const params = { order, deadline: "10:53 am", bookAgainUrl: "https://regrip.example/booking?again=o1" };
    const withId = { ...params, order: { ...order, id: "o1" } };
    expect(templates.holdReleased.words(withId)).toBe(
      `Regrip: your booking R-1042 for "Big Blue" was not paid by 10:53 am, so we released it. Nothing was charged. Book it again: https://regrip.example/booking?again=o1`,
    );
    expect(templates.holdReleased.email(withId)).toMatchObject({ subject: "Your Regrip booking R-1042 was released" });
    expect(templates.holdReleased.messageType).toBe("hold_released");
  });
});

describe("a membership's messages", () => {
  it("the receipt names the plan, the amount, the period and the card", () => {
    const charge = { planName: "Family plan", amountCents: 4500, period: "Monday, December 28 to Thursday, January 28", card: "Visa ending in 4242" };
    expect(templates.membershipReceipt.words(charge)).toBe(
      "Regrip: thanks! We received $45.00 for your Family plan (Visa ending in 4242), covering Monday, December 28 to Thursday, January 28.",
    );
    expect(templates.membershipReceipt.email(charge).text).toContain("Paid with: Visa ending in 4242");
  });

  it("a failed charge says where to pay it with another card, and when the card is tried again", () => {
    expect(templates.membershipPaymentFailed.words({ planName: "Single plan", amountCents: 2500, payUrl: "https://invoice.stripe.com/i/x", nextAttempt: "Tuesday, December 1" })).toBe(
      "Regrip: we couldn't charge $25.00 for your Single plan; your covered regrips are on hold until it's paid. Update your card and pay here: https://invoice.stripe.com/i/x Otherwise we'll try your card on file again on Tuesday, December 1.",
    );
  });

  it("a cancel says when coverage ends, or that it has", () => {
    expect(templates.membershipCanceled.words({ planName: "Single plan", coveredUntil: "Monday, December 28" })).toContain("covered until Monday, December 28, when it ends.");
    expect(templates.membershipCanceled.words({ planName: "Single plan" })).toContain("Its coverage has ended.");
  });
});
