import { describe, expect, it } from "vitest";
import { errorStatus, errorText, serverBody, serverMessage } from "./api-error";

describe("api errors", () => {
  it("reads the status", () => {
    expect(errorStatus(new Error('428: {"message":"Phone number verification required"}'))).toBe(428);
    expect(errorStatus(new TypeError("Failed to fetch"))).toBeUndefined();
    expect(errorStatus("nope")).toBeUndefined();
  });
  it("reads the server's message", () => {
    expect(serverMessage(new Error('404: {"message":"Invalid promo code"}'))).toBe("Invalid promo code");
    expect(serverMessage(new Error("500: Internal Server Error"))).toBeUndefined();
    expect(serverMessage(new Error('400: {"error":"x"}'))).toBeUndefined();
    expect(serverMessage(new TypeError("Failed to fetch"))).toBeUndefined();
  });
  it("reads the fields a refusal answers beside its message", () => {
    expect(serverBody(new Error('409: {"message":"On file","existingCustomerId":"c1"}'))).toEqual({ message: "On file", existingCustomerId: "c1" });
    expect(serverBody(new Error("409: [1]"))).toBeUndefined();
    expect(serverBody(new Error("502: Bad Gateway"))).toBeUndefined();
    expect(serverBody(new TypeError("Failed to fetch"))).toBeUndefined();
  });
  it("gives text to match on", () => {
    expect(errorText(new Error('428: {"message":"Phone number verification required"}'))).toBe("Phone number verification required");
    expect(errorText(new Error("Phone number verification required"))).toBe("Phone number verification required");
  });
});
