import { describe, expect, it } from "vitest";
import { displayName, initials, isAdmin, isStaff, roleBadge } from "./roles";

describe("initials", () => {
  it("takes the first letters of first and last name", () => {
    expect(initials({ firstName: "Casey", lastName: "Dink", email: "casey@regrip.test" })).toBe("CD");
    expect(initials({ firstName: "alex", lastName: "owner", email: null })).toBe("AO");
  });
  it("falls back to the first letter of the email", () => {
    expect(initials({ firstName: "Casey", lastName: null, email: "casey@regrip.test" })).toBe("C");
    expect(initials({ firstName: " ", lastName: " ", email: "zed@regrip.test" })).toBe("Z");
  });
  it("falls back to U", () => {
    expect(initials({ firstName: null, lastName: null, email: null })).toBe("U");
    expect(initials(null)).toBe("U");
  });
});

describe("roles", () => {
  it("badges admins as Admin, even when also employees", () => {
    expect(roleBadge({ roles: ["CUSTOMER", "ADMIN"] })).toBe("Admin");
    expect(roleBadge({ roles: ["CUSTOMER", "EMPLOYEE", "ADMIN"] })).toBe("Admin");
  });
  it("badges employees who are not admins as Employee", () => {
    expect(roleBadge({ roles: ["CUSTOMER", "EMPLOYEE"] })).toBe("Employee");
  });
  it("gives customers and visitors no badge", () => {
    expect(roleBadge({ roles: ["CUSTOMER"] })).toBeUndefined();
    expect(roleBadge(null)).toBeUndefined();
  });
  it("counts employees and admins as staff", () => {
    expect(isStaff({ roles: ["EMPLOYEE"] })).toBe(true);
    expect(isStaff({ roles: ["ADMIN"] })).toBe(true);
    expect(isStaff({ roles: ["CUSTOMER"] })).toBe(false);
    expect(isAdmin({ roles: ["EMPLOYEE"] })).toBe(false);
  });
});

describe("displayName", () => {
  it("prefers the full name, then the email", () => {
    expect(displayName({ firstName: "Casey", lastName: "Dink", email: "c@x.test" })).toBe("Casey Dink");
    expect(displayName({ firstName: null, lastName: null, email: "c@x.test" })).toBe("c@x.test");
  });
});
