import * as z from "zod/mini";
import { describe, expect, it } from "vitest";
import { CustomerForm, CustomerPatch, customerName, isSearchable, StorefrontCustomerForm } from "./customers";
import { fieldErrors } from "./forms";

describe("CustomerForm (create and edit)", () => {
  it("needs first and last name, with the spec's messages", () => {
    expect(fieldErrors(CustomerForm, { firstName: " ", lastName: "" })).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
    });
    expect(fieldErrors(CustomerForm, {})).toEqual({ firstName: "First name is required", lastName: "Last name is required" });
  });

  it("takes an empty phone and email as none, and stores a typed phone as E.164 and the email lower-cased", () => {
    expect(z.parse(CustomerForm, { firstName: " Pat ", lastName: "Lee", phone: "", email: "" })).toEqual({
      firstName: "Pat",
      lastName: "Lee",
      phone: null,
      email: null,
    });
    expect(z.parse(CustomerForm, { firstName: "Pat", lastName: "Lee", phone: "+1 (303) 555-0142", email: " Pat@Example.COM " })).toEqual({
      firstName: "Pat",
      lastName: "Lee",
      phone: "+13035550142",
      email: "pat@example.com",
    });
  });

  it("refuses an incomplete phone, one over 18 characters, and a bad email", () => {
    const base = { firstName: "Pat", lastName: "Lee" };
    expect(fieldErrors(CustomerForm, { ...base, phone: "303 555" })).toEqual({
      phone: "Invalid phone number. Please enter a complete 10-digit phone number.",
    });
    expect(fieldErrors(CustomerForm, { ...base, phone: "+1 (303) 555-0142   x" })).toHaveProperty("phone");
    expect(fieldErrors(CustomerForm, { ...base, email: "pat@" })).toEqual({ email: "Invalid email" });
    expect(fieldErrors(CustomerForm, { ...base, phone: 3035550142 })).toHaveProperty("phone");
  });
});

describe("StorefrontCustomerForm (the storefront's edit dialog)", () => {
  it("needs the phone: 'Phone number is required (10 digits)'", () => {
    const base = { firstName: "Pat", lastName: "Lee" };
    expect(fieldErrors(StorefrontCustomerForm, { ...base, phone: "" })).toEqual({ phone: "Phone number is required (10 digits)" });
    expect(fieldErrors(StorefrontCustomerForm, { ...base, phone: "303555" })).toEqual({ phone: "Phone number is required (10 digits)" });
    expect(z.parse(StorefrontCustomerForm, { ...base, phone: "3035550142" }).phone).toBe("+13035550142");
  });

  it("as a PATCH leaves out what is not sent, but never clears the phone", () => {
    expect(z.parse(CustomerPatch, { lastName: "Park" })).toEqual({ lastName: "Park" });
    expect(fieldErrors(CustomerPatch, { phone: "" })).toEqual({ phone: "Phone number is required (10 digits)" });
  });
});

describe("search and names", () => {
  it("searches from 3 characters", () => {
    expect(isSearchable("ab")).toBe(false);
    expect(isSearchable("  ab ")).toBe(false);
    expect(isSearchable("abc")).toBe(true);
  });
  it("names a customer", () => {
    expect(customerName({ firstName: "Pat", lastName: "Lee", email: null, phone: null })).toBe("Pat Lee");
    expect(customerName({ firstName: null, lastName: null, email: "p@x.io", phone: null })).toBe("p@x.io");
  });
});
