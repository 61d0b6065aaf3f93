import { describe, expect, it } from "vitest";
import { callLimits, isServiceUnavailable, sdkClientConfig } from "./index";

describe("isServiceUnavailable", () => {
  it("names the SDK's timeouts and refused connections, also when ElectroDB wraps them", () => {
    expect(isServiceUnavailable(Object.assign(new Error("socket hang"), { name: "TimeoutError" }))).toBe(true);
    expect(isServiceUnavailable(Object.assign(new Error("connect"), { code: "ECONNREFUSED" }))).toBe(true);
    const wrapped = new Error("Error thrown by DynamoDB client", { cause: Object.assign(new Error("slow"), { name: "ThrottlingException" }) });
    expect(isServiceUnavailable(wrapped)).toBe(true);
  });

  it("leaves our own bugs and the service's refusals of a bad request alone", () => {
    expect(isServiceUnavailable(new TypeError("x is undefined"))).toBe(false);
    expect(isServiceUnavailable(Object.assign(new Error("bad key"), { name: "ValidationException" }))).toBe(false);
    expect(isServiceUnavailable(new Error("wrapped", { cause: Object.assign(new Error(), { name: "ConditionalCheckFailedException" }) }))).toBe(false);
    expect(isServiceUnavailable(undefined)).toBe(false);
    expect(isServiceUnavailable("TimeoutError")).toBe(false);
  });

  it("does not loop on an error that is its own cause", () => {
    const error: Error & { cause?: unknown } = new Error("loop");
    error.cause = error;
    expect(isServiceUnavailable(error)).toBe(false);
  });
});

describe("sdkClientConfig", () => {
  it("bounds connecting, waiting and retrying", () => {
    expect(sdkClientConfig()).toEqual({
      maxAttempts: callLimits.maxAttempts,
      requestHandler: {
        connectionTimeout: callLimits.connectionTimeoutMs,
        requestTimeout: callLimits.requestTimeoutMs,
        throwOnRequestTimeout: true,
      },
    });
  });
});
