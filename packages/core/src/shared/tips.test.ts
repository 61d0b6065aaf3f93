import { describe, expect, it } from "vitest";
import {
  isTippable,
  TIP_AMOUNT_MESSAGE,
  TIP_MAX_CENTS,
  TIP_MIN_CENTS,
  TIP_PERCENTAGES,
  tipAmountRefusal,
  tipCentsOfDollars,
  tipOfPercentage,
  tipReturnUrls,
} from "./tips";

describe("tipOfPercentage", () => {
  it("is the percentage of the order, rounded to the cent", () => {
    expect(TIP_PERCENTAGES).toEqual([10, 15, 20]);
    expect(tipOfPercentage(5300, 10)).toBe(530);
    expect(tipOfPercentage(5300, 15)).toBe(795);
    expect(tipOfPercentage(5300, 20)).toBe(1060);
    // 15 % of $45.55 is $6.8325: $6.83; of $45.50 is $6.825: $6.83 (half a cent rounds up).
    expect(tipOfPercentage(4555, 15)).toBe(683);
    expect(tipOfPercentage(4550, 15)).toBe(683);
    expect(tipOfPercentage(4530, 15)).toBe(680);
  });

  it("is at least a cent and at most $100", () => {
    expect(tipOfPercentage(0, 20)).toBe(TIP_MIN_CENTS);
    expect(tipOfPercentage(-500, 10)).toBe(TIP_MIN_CENTS);
    expect(tipOfPercentage(3, 10)).toBe(TIP_MIN_CENTS);
    expect(tipOfPercentage(100_000, 10)).toBe(TIP_MAX_CENTS);
    expect(tipOfPercentage(60_000, 20)).toBe(TIP_MAX_CENTS);
    expect(tipOfPercentage(49_995, 20)).toBe(9_999);
  });
});

describe("tipAmountRefusal", () => {
  it("takes whole cents from 1 to 10000", () => {
    for (const cents of [1, 2, 500, 9_999, 10_000]) expect(tipAmountRefusal(cents)).toBeNull();
  });

  it("refuses anything else with the one message", () => {
    expect(TIP_AMOUNT_MESSAGE).toBe("A tip must be between $0.01 and $100");
    for (const amount of [0, -1, 10_001, 1.5, Number.NaN, Infinity, "500", null, undefined, {}]) {
      expect(tipAmountRefusal(amount), String(amount)).toBe(TIP_AMOUNT_MESSAGE);
    }
  });
});

describe("tipCentsOfDollars", () => {
  it("reads dollars typed with up to two decimals, with or without a dollar sign", () => {
    expect(tipCentsOfDollars("5")).toBe(500);
    expect(tipCentsOfDollars(" 7.5 ")).toBe(750);
    expect(tipCentsOfDollars("$12.34")).toBe(1234);
    expect(tipCentsOfDollars("0.01")).toBe(1);
    expect(tipCentsOfDollars("100")).toBe(10_000);
    // 0.29 * 100 is 28.999... in floating point: still 29 cents.
    expect(tipCentsOfDollars("0.29")).toBe(29);
  });

  it("is NaN for what is no amount of money; the refusal then says the limits", () => {
    for (const typed of ["", "abc", "5.999", "-5", "1e3", "5,00", "$"]) {
      expect(tipCentsOfDollars(typed), typed).toBeNaN();
      expect(tipAmountRefusal(tipCentsOfDollars(typed))).toBe(TIP_AMOUNT_MESSAGE);
    }
    expect(tipAmountRefusal(tipCentsOfDollars("100.01"))).toBe(TIP_AMOUNT_MESSAGE);
  });
});

describe("isTippable", () => {
  it("is true once the order is Ready or Picked Up, never before or when canceled", () => {
    for (const status of ["READY", "COMPLETE", "PICKED_UP"]) expect(isTippable(status), status).toBe(true);
    for (const status of ["INVOICED", "WAITING_ON_PAYMENT", "SCHEDULED", "CHECKED_IN", "IN_QUEUE", "BEING_SERVICED", "CANCELED", "nonsense"]) {
      expect(isTippable(status), status).toBe(false);
    }
  });
});

describe("tipReturnUrls", () => {
  it("comes back to the order's page, which reads ?tipped=1 or ?tip=canceled", () => {
    expect(tipReturnUrls("https://regrip.example/", "o 1")).toEqual({
      successUrl: "https://regrip.example/orders/o%201?tipped=1",
      cancelUrl: "https://regrip.example/orders/o%201?tip=canceled",
    });
  });
});
