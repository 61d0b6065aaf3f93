/** The booking page's typed fields, once: the server's BookService (orders/booking.ts) parses them with these. */
import * as z from "zod/mini";
import { describe, expect, it } from "vitest";
import { isBookingBagNumber } from "./bags";
import { BookingBagNumber } from "./booking-input";

const message = (value: unknown) => {
  const parsed = z.safeParse(BookingBagNumber, value);
  return parsed.success ? "ok" : parsed.error.issues[0].message;
};

describe("the bag number a customer books with", () => {
  it("is the bag's 3 digits, spaces around ignored", () => {
    expect(z.parse(BookingBagNumber, " 123 ")).toBe("123");
    expect(message("12")).toBe("Please enter a 3-digit bag number");
    expect(message("12a")).toBe("Please enter a 3-digit bag number");
    expect(message("1234")).toBe("Please enter a 3-digit bag number");
    expect(message("A1B")).toBe("Please enter a 3-digit bag number");
  });
  it("is required", () => {
    expect(message(undefined)).toBe("Please complete all required fields");
    expect(message("  ")).toBe("Please complete all required fields");
  });
  it("is what the booking page's Book button waits for (the same pattern, without zod)", () => {
    for (const value of ["123", " 123 ", "12", "12a", "1234", "A1B", ""]) {
      expect(isBookingBagNumber(value), value).toBe(z.safeParse(BookingBagNumber, value).success);
    }
  });
});
