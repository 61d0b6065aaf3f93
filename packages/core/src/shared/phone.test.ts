import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { displayPhone, formatPhoneInput, isE164, isValidOptionalUsPhone, normaliseUsPhone, PHONE_INPUT_MAX_LENGTH, usPhoneDigits, VerifyCode } from "./phone";

describe("normaliseUsPhone", () => {
  it.each([
    ["3035550142", "+13035550142"],
    ["(303) 555-0142", "+13035550142"],
    ["+1 (303) 555-0142", "+13035550142"],
    ["1-303-555-0142", "+13035550142"],
    ["13035550142", "+13035550142"],
    [" 303.555.0142 ", "+13035550142"],
  ])("turns %j into %s", (input, stored) => {
    expect(normaliseUsPhone(input)).toBe(stored);
  });

  it.each([
    ["", "empty"],
    ["303555014", "9 digits"],
    ["303555014299", "12 digits"],
    ["+44 20 7946 0958", "a UK number"],
    ["1303555014", "10 digits whose leading 1 leaves 9"],
    ["phone", "no digits"],
  ])("refuses %j (%s)", (input) => {
    expect(normaliseUsPhone(input)).toBeNull();
  });
});


describe("formatPhoneInput", () => {
  it("formats progressively as +1 (AAA) BBB-CCCC", () => {
    expect(formatPhoneInput("")).toBe("");
    expect(formatPhoneInput("3")).toBe("+1 (3");
    expect(formatPhoneInput("303")).toBe("+1 (303");
    expect(formatPhoneInput("3035")).toBe("+1 (303) 5");
    expect(formatPhoneInput("303555")).toBe("+1 (303) 555");
    expect(formatPhoneInput("3035550")).toBe("+1 (303) 555-0");
    expect(formatPhoneInput("3035550142")).toBe("+1 (303) 555-0142");
  });
  it("reformats its own output as more digits arrive, and stops at 10 digits", () => {
    expect(formatPhoneInput("+1 (303) 555-01429")).toBe("+1 (303) 555-0142");
    expect(formatPhoneInput("+1 (303) 555-014")).toBe("+1 (303) 555-014");
    expect(formatPhoneInput("+1 (3035")).toBe("+1 (303) 5");
  });
  it("drops a typed leading 1 and punctuation", () => {
    expect(formatPhoneInput("1-303-555-0142")).toBe("+1 (303) 555-0142");
    expect(formatPhoneInput("(303) 555.0142")).toBe("+1 (303) 555-0142");
  });
  it("lets backspace through the punctuation", () => {
    expect(formatPhoneInput("+1 (303) ")).toBe("+1 (303");
    expect(formatPhoneInput("+1 (")).toBe("");
  });
  it("never exceeds the input's 18 characters", () => {
    expect(formatPhoneInput("99999999999999999999").length).toBeLessThanOrEqual(PHONE_INPUT_MAX_LENGTH);
  });
});

describe("normaliseUsPhone as the forms use it", () => {
  it("answers +1 and 10 digits", () => {
    expect(normaliseUsPhone("+1 (303) 555-0142")).toBe("+13035550142");
    expect(normaliseUsPhone("303.555.0142")).toBe("+13035550142");
    expect(normaliseUsPhone("13035550142")).toBe("+13035550142");
  });
  it("answers null when the number is not 10 digits", () => {
    expect(normaliseUsPhone("303555014")).toBeNull();
    expect(normaliseUsPhone("303555014212")).toBeNull();
    expect(normaliseUsPhone("")).toBeNull();
  });
  it("strips only one leading 1", () => expect(usPhoneDigits("11303")).toBe("1303"));
});

describe("isE164", () => {
  it("wants a plus and 10 to 15 digits", () => {
    expect(isE164("+12345678901")).toBe(true);
    expect(isE164("+1234567890")).toBe(true);
    expect(isE164("+123456789012345")).toBe(true);
    expect(isE164("+1234567890123456")).toBe(false);
    expect(isE164("+123456789")).toBe(false);
    expect(isE164("12345678901")).toBe(false);
    expect(isE164("+1 (234) 567-8901")).toBe(false);
    expect(isE164("+0234567890")).toBe(false);
    expect(isE164(" +12345678901 ")).toBe(true);
  });
});

describe("isValidOptionalUsPhone", () => {
  it("takes empty or a complete number", () => {
    expect(isValidOptionalUsPhone("")).toBe(true);
    expect(isValidOptionalUsPhone("  ")).toBe(true);
    expect(isValidOptionalUsPhone("+1 (303) 555-0142")).toBe(true);
    expect(isValidOptionalUsPhone("+1 (303) 555")).toBe(false);
  });
});

describe("displayPhone", () => {
  it("formats a stored US number and leaves others alone", () => {
    expect(displayPhone("+13035550142")).toBe("+1 (303) 555-0142");
    expect(displayPhone("+442071234567")).toBe("+442071234567");
    expect(displayPhone(null)).toBe("");
  });
});

describe("the verification code (VerifyCode: both verify calls and the dialogs)", () => {
  it("is exactly six digits, spaces around ignored", () => {
    expect(z.parse(VerifyCode, { code: " 123456 " })).toEqual({ code: "123456" });
    for (const code of ["12345", "1234567", "12345a", "", "1".repeat(21)]) {
      const parsed = z.safeParse(VerifyCode, { code });
      expect(parsed.success ? "ok" : parsed.error.issues[0].message, code).toBe("Please enter the 6-digit verification code");
    }
  });
});
