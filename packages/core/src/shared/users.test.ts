import { describe, expect, it } from "vitest";
import { currentUserFrom } from "./users";

describe("currentUserFrom", () => {
  it("refuses an answer that is not a user", () => {
    for (const answer of [null, undefined, "casey", 42, [], {}, { id: 7 }, { message: "Unauthorized" }]) {
      expect(() => currentUserFrom(answer), JSON.stringify(answer)).toThrow("The answer is not a user");
    }
  });

  it("gives a field an older answer leaves out the value a new account starts with", () => {
    const unknown = { firstName: null, lastName: null, email: null, phone: null, profileImageUrl: null, defaultPrefs: null };
    const switches = {
      phoneVerified: false,
      smsNotifications: true,
      smsPromotions: false,
      emailNotifications: true,
      emailPromotions: false,
      authenticator: false,
      authenticatorRequired: false,
    };
    expect(currentUserFrom({ id: "u1" })).toEqual({ id: "u1", ...unknown, ...switches, roles: ["CUSTOMER"] });
  });

  it("keeps every field the server sends, and only the roles it knows", () => {
    const contact = { firstName: "Sam", lastName: "Lob", email: "sam@regrip.test", phone: "+13035550100", profileImageUrl: "https://example.com/me.png" };
    const switches = {
      phoneVerified: true,
      smsNotifications: false,
      smsPromotions: true,
      emailNotifications: false,
      emailPromotions: true,
      authenticator: true,
      authenticatorRequired: true,
    };
    const answer = { id: "u2", ...contact, ...switches, roles: ["EMPLOYEE", "OWNER", "ADMIN"], defaultPrefs: { service: "Strip and Grip", color: "Black" } };
    expect(currentUserFrom(answer)).toEqual({ ...answer, roles: ["EMPLOYEE", "ADMIN"] });
  });
});
