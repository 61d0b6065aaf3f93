import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { CloseDrawerInput, differenceWords, DrawerMovementInput, expectedCashCents, OpenDrawerInput, type DrawerReport } from "./drawer";
import { reportLines } from "../drawers/report-lines";

describe("the drawer's sums", () => {
  it("expects float + cash sales − cash refunds + paid in − paid out", () => {
    expect(expectedCashCents({ startingCashCents: 10_000, cashSalesCents: 6_300, cashRefundsCents: 800, paidInCents: 2_000, paidOutCents: 1_500 })).toBe(16_000);
    expect(expectedCashCents({ startingCashCents: 0, cashSalesCents: 0, cashRefundsCents: 0, paidInCents: 0, paidOutCents: 0 })).toBe(0);
  });

  it("says the difference as short, over or even", () => {
    expect(differenceWords(-200)).toBe("Short $2.00");
    expect(differenceWords(50)).toBe("Over $0.50");
    expect(differenceWords(0)).toBe("Even");
  });

  it("writes the close report's lines with every figure and the day's totals by tender", () => {
    const report: DrawerReport = {
      sessionId: "s1",
      location: "LITTLETON",
      day: "2026-11-29",
      openedAt: "2026-11-29T16:00:00.000Z",
      openedByName: "Sam",
      closedAt: "2026-11-30T01:00:00.000Z",
      closedByName: "Sam",
      startingCashCents: 10_000,
      cashSalesCents: 6_300,
      cashRefundsCents: 800,
      paidInCents: 0,
      paidOutCents: 0,
      expectedCashCents: 15_500,
      countedCashCents: 15_300,
      differenceCents: -200,
      dayTotals: { day: "2026-11-29", location: "LITTLETON", salesCents: 10_800, refundedCents: 7_300, taxCents: 0, tipsCents: 500, byTender: [{ tender: "POS_CARD", paidCents: 4_500, refundedCents: 0 }] },
    };
    const lines = reportLines(report);
    expect(lines.slice(0, 2)).toEqual(["Regrip Littleton, drawer of Sunday, November 29", "Opened Sunday, November 29 at 9 am by Sam; closed Sunday, November 29 at 6 pm by Sam"]);
    expect(lines).toContain("The day's totals (Sunday, November 29):");
    expect(lines).toContain("Expected cash: $155.00");
    expect(lines).toContain("Counted cash: $153.00");
    expect(lines).toContain("Difference: Short $2.00");
    expect(lines).toContain("Tips: $5.00");
    expect(lines).toContain("Counter card: $45.00 paid, $0.00 refunded");
  });
});

describe("the drawer's inputs", () => {
  it("takes whole cents, a reason for a movement, and trims", () => {
    expect(z.parse(DrawerMovementInput, { direction: "out", amountCents: 1, reason: " Lunch " })).toEqual({ direction: "out", amountCents: 1, reason: "Lunch" });
    expect(z.safeParse(DrawerMovementInput, { direction: "out", amountCents: 0, reason: "Lunch" }).success).toBe(false);
    expect(z.safeParse(DrawerMovementInput, { direction: "in", amountCents: 1.5, reason: "Lunch" }).success).toBe(false);
    expect(z.safeParse(DrawerMovementInput, { direction: "in", amountCents: 100, reason: " " }).success).toBe(false);
    expect(z.safeParse(OpenDrawerInput, { location: "LITTLETON", startingCashCents: 0 }).success).toBe(true);
    expect(z.safeParse(OpenDrawerInput, { location: "ONSITE", startingCashCents: 0 }).success).toBe(false);
    expect(z.parse(CloseDrawerInput, { countedCashCents: 0, note: "  " })).toEqual({ countedCashCents: 0 });
    expect(z.safeParse(CloseDrawerInput, { countedCashCents: -1 }).success).toBe(false);
  });
});

describe("the admins' list's days", () => {
  it("takes real days only", async () => {
    const { DrawerListQuery } = await import("./drawer");
    expect(z.safeParse(DrawerListQuery, { from: "2026-11-01", to: "2026-11-30" }).success).toBe(true);
    expect(z.safeParse(DrawerListQuery, { to: "9189-11-95" }).success).toBe(false);
    expect(z.safeParse(DrawerListQuery, { from: "2026-02-30" }).success).toBe(false);
    expect(z.safeParse(DrawerListQuery, { from: "2026-11-011" }).success).toBe(false);
  });
});
