import { describe, expect, it } from "vitest";
import { currentUserFrom } from "./users";

describe("currentUserFrom", () => {
  it("refuses an answer that is not a user", () => {
    for (const answer of [null, undefined, "casey", 42, [], {}, { id: 7 }, { message: "Unauthorized" }]) {
      expect(() => currentUserFrom(answer), JSON.stringify(answer)).toThrow("The answer is not a user");
    }
  });

  it("gives a field an older answer leaves out the value a new account starts with", () => {
    expect(currentUserFrom({ id: "u1" })).toEqual({
      id: "u1",
      firstName: null,
      lastName: null,
      email: null,
      phone: null,
      phoneVerified: false,
      profileImageUrl: null,
      smsNotifications: true,
      smsPromotions: false,
      emailNotifications: true,
      emailPromotions: false,
      roles: ["CUSTOMER"],
      defaultPrefs: null,
    });
  });

  it("keeps every field the server sends, and only the roles it knows", () => {
    const answer = {
      id: "u2",
      firstName: "Casey",
      lastName: "Dink",
      email: "casey@regrip.test",
      phone: "+13035550142",
      phoneVerified: true,
      profileImageUrl: "https://example.com/me.png",
      smsNotifications: false,
      smsPromotions: true,
      emailNotifications: false,
      emailPromotions: true,
      roles: ["EMPLOYEE", "OWNER", "ADMIN"],
      defaultPrefs: { service: "Strip and Grip", color: "Black" },
    };
    expect(currentUserFrom(answer)).toEqual({ ...answer, roles: ["EMPLOYEE", "ADMIN"] });
  });
});
