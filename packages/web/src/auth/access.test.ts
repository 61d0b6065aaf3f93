import { describe, expect, it } from "vitest";
import type { Role } from "@regrip/core/shared/roles";
import { customer } from "../test/render";
import { accessDecision, homeAfterSignIn } from "./access";

function user(...roles: Role[]) {
  return customer({ roles });
}

describe("accessDecision", () => {
  it("lets anyone open public pages", () => {
    expect(accessDecision("public", null)).toBe("allow");
  });
  it("sends visitors to log in for every other page", () => {
    for (const access of ["customer", "staff", "admin"] as const) expect(accessDecision(access, null)).toBe("login");
  });
  it("lets any signed-in user open customer pages", () => {
    expect(accessDecision("customer", user("CUSTOMER"))).toBe("allow");
  });
  it("keeps customers out of staff pages and employees out of admin pages", () => {
    expect(accessDecision("staff", user("CUSTOMER"))).toBe("deny");
    expect(accessDecision("staff", user("CUSTOMER", "EMPLOYEE"))).toBe("allow");
    expect(accessDecision("admin", user("CUSTOMER", "EMPLOYEE"))).toBe("deny");
    expect(accessDecision("admin", user("CUSTOMER", "ADMIN"))).toBe("allow");
    expect(accessDecision("staff", user("CUSTOMER", "ADMIN"))).toBe("allow");
  });
  it("sends staff without their authenticator app to set it up, for staff pages only", () => {
    const unprotected = customer({ roles: ["CUSTOMER", "ADMIN"], authenticatorRequired: true });
    expect(accessDecision("staff", unprotected)).toBe("authenticator");
    expect(accessDecision("admin", unprotected)).toBe("authenticator");
    expect(accessDecision("customer", unprotected)).toBe("allow");
  });
});

describe("homeAfterSignIn", () => {
  it("sends staff to the storefront and customers to booking", () => {
    expect(homeAfterSignIn(user("CUSTOMER", "EMPLOYEE"))).toBe("/storefront");
    expect(homeAfterSignIn(user("CUSTOMER", "ADMIN"))).toBe("/storefront");
    expect(homeAfterSignIn(user("CUSTOMER"))).toBe("/booking");
    expect(homeAfterSignIn(null)).toBe("/booking");
  });
});
