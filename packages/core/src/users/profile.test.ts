import { describe, expect, it } from "vitest";
import { profileChanges, UpdateProfile, type UserItem } from "./index";

const stored = {
  userId: "u-1",
  email: "ann@example.com",
  phone: "+13035550142",
  firstName: "Ann",
  phoneVerified: true,
  emailVerified: true,
  smsNotifications: true,
  smsPromotions: true,
  emailNotifications: true,
  emailPromotions: true,
} as UserItem;

describe("UpdateProfile", () => {
  it("trims names, lower-cases the email and normalises the phone", () => {
    expect(UpdateProfile.parse({ firstName: " Ann ", email: " Ann@Example.COM ", phone: "1 (720) 555-0199" })).toEqual({
      firstName: "Ann",
      email: "ann@example.com",
      phone: "+17205550199",
    });
    expect(UpdateProfile.parse({ phone: "  " }).phone).toBe("");
  });

  it.each([
    [{ email: "ann@" }, "Invalid email"],
    [{ phone: "720-555-019" }, "Please enter a complete 10-digit phone number or leave it empty."],
    [{ lastName: "x".repeat(51) }, "Last name must be at most 50 characters"],
  ])("refuses %j with the spec's words", (input, message) => {
    const parsed = UpdateProfile.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toBe(message);
  });
});

describe("profileChanges", () => {
  it("changes nothing for the values already stored", () => {
    expect(profileChanges(stored, { firstName: "Ann", email: "ann@example.com", phone: "+13035550142", smsPromotions: true })).toEqual({
      set: {},
      remove: [],
    });
  });

  it("un-verifies a new phone or email and removes cleared fields", () => {
    expect(profileChanges(stored, { phone: "+17205550199", email: "", lastName: null })).toEqual({
      set: { phone: "+17205550199", phoneVerified: false, emailVerified: false },
      remove: ["email"],
    });
    expect(profileChanges(stored, { phone: "" })).toEqual({ set: { phoneVerified: false }, remove: ["phone"] });
  });
});
