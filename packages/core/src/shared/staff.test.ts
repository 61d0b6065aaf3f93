import * as z from "zod/mini";
import { describe, expect, it } from "vitest";
import { fieldErrors } from "./forms";
import { isLastAdmin, NOTHING_TO_CHANGE, ROLE_REQUIRED, StaffChange, StaffInvite, staffName } from "./staff";

describe("the staff rules the page and the server share", () => {
  it("an invite: the email trimmed and lower-cased, names required, a staff role only", () => {
    expect(z.parse(StaffInvite, { email: "  Jo@Shop.Test ", firstName: " Jo ", lastName: "Court", role: "ADMIN" })).toEqual({
      email: "jo@shop.test",
      firstName: "Jo",
      lastName: "Court",
      role: "ADMIN",
    });
    expect(fieldErrors(StaffInvite, { email: "jo@", firstName: "", lastName: "x".repeat(51), role: "CUSTOMER" })).toEqual({
      email: "Invalid email",
      firstName: "First name is required",
      lastName: "Last name must be at most 50 characters",
      role: ROLE_REQUIRED,
    });
  });

  it("a change: a role, active, or both; never nothing", () => {
    expect(z.parse(StaffChange, { active: false })).toEqual({ active: false });
    expect(z.parse(StaffChange, { role: "EMPLOYEE", active: true })).toEqual({ role: "EMPLOYEE", active: true });
    expect(z.safeParse(StaffChange, {}).error?.issues[0]?.message).toBe(NOTHING_TO_CHANGE);
    expect(z.safeParse(StaffChange, { role: "OWNER" }).error?.issues[0]?.message).toBe(ROLE_REQUIRED);
  });

  it("the last admin: the one active admin, never an employee nor a switched-off admin, nor one of two", () => {
    expect(isLastAdmin({ id: "a", role: "ADMIN", status: "active" }, ["a"])).toBe(true);
    expect(isLastAdmin({ id: "a", role: "ADMIN", status: "invited" }, ["a"])).toBe(true);
    expect(isLastAdmin({ id: "a", role: "ADMIN", status: "active" }, ["a", "b"])).toBe(false);
    expect(isLastAdmin({ id: "a", role: "ADMIN", status: "off" }, ["b"])).toBe(false);
    expect(isLastAdmin({ id: "e", role: "EMPLOYEE", status: "active" }, ["a"])).toBe(false);
  });

  it("names a person by their names, else their email, else their username", () => {
    expect(staffName({ firstName: "Jo", lastName: "Court", email: "jo@shop.test", username: "jo" })).toBe("Jo Court");
    expect(staffName({ firstName: " ", lastName: null, email: "jo@shop.test", username: "jo" })).toBe("jo@shop.test");
    expect(staffName({ firstName: null, lastName: null, email: null, username: "jo" })).toBe("jo");
  });
});
