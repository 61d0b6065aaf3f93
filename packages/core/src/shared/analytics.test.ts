import { describe, expect, it } from "vitest";
import { addDays, compare, comparisonText, periodsOf, shopDay } from "./analytics";

describe("the dashboard's days and periods", () => {
  it("counts days in the shop's time zone (America/Denver), summer and winter", () => {
    expect(shopDay("2026-11-24T03:00:00.000Z")).toBe("2026-11-23"); // 8 pm MST
    expect(shopDay("2026-11-24T07:00:00.000Z")).toBe("2026-11-24"); // midnight MST
    expect(shopDay("2026-07-01T05:59:00.000Z")).toBe("2026-06-30"); // 11:59 pm MDT
    expect(shopDay("2026-07-01T06:00:00.000Z")).toBe("2026-07-01");
  });

  it("steps calendar days across months, years and the clock change", () => {
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-08", 1)).toBe("2026-03-09");
    expect(addDays("2026-11-23", -29)).toBe("2026-10-25");
  });

  it("compares the month to date with the same days of the previous month, cut at its end", () => {
    expect(periodsOf("2026-11-23")).toMatchObject({
      yesterday: "2026-11-22",
      month: { from: "2026-11-01", to: "2026-11-23" },
      previousMonth: { from: "2026-10-01", to: "2026-10-23" },
      chart: { from: "2026-10-25", to: "2026-11-23" },
      read: { from: "2026-10-01", to: "2026-11-23" },
    });
    expect(periodsOf("2026-03-31").previousMonth).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(periodsOf("2026-01-15").previousMonth).toEqual({ from: "2025-12-01", to: "2025-12-15" });
    // The 30-day chart reaches further back than the previous month's start: the one read covers both.
    expect(periodsOf("2026-03-01").read).toEqual({ from: "2026-01-31", to: "2026-03-01" });
  });

  it("words each comparison from real figures", () => {
    expect(compare(1500, 1000)).toEqual({ previous: 1000, change: 500, changePercent: 50 });
    expect(compare(5, 0)).toEqual({ previous: 0, change: 5, changePercent: null });
    expect(comparisonText.monthlyRevenue(compare(1500, 1000))).toBe("+50% vs the same days last month ($10.00)");
    expect(comparisonText.monthlyRevenue(compare(1500, 0))).toBe("No revenue in the same days last month");
    expect(comparisonText.ordersToday(compare(3, 6))).toBe("-3 vs yesterday (6)");
    expect(comparisonText.activeSubscriptions(compare(4, 4))).toBe("±0 since the start of the month");
    expect(comparisonText.avgOrderValue(compare(4620, 4500))).toBe("+$1.20 vs the same days last month ($45.00)");
    expect(comparisonText.avgOrderValue(compare(0, null))).toBe("No paid orders in the same days last month");
  });
});
