import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { SignatureError, verifyStripeSignature } from "./signature";

const secret = "whsec_test_secret";
const payload = JSON.stringify({ id: "evt_1", type: "checkout.session.completed", data: { object: {} } });
/** Signed by Stripe's own SDK, so the check agrees with what Stripe sends. */
const signed = (options: { payload?: string; secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderString({ payload: options.payload ?? payload, secret: options.secret ?? secret, timestamp: options.timestamp });

describe("verifyStripeSignature", () => {
  it("accepts what Stripe's SDK signs and answers the event", () => {
    expect(verifyStripeSignature(payload, signed(), secret)).toEqual(JSON.parse(payload));
  });

  it("refuses another secret, a changed body, and a missing or garbled header", () => {
    expect(() => verifyStripeSignature(payload, signed({ secret: "whsec_other" }), secret)).toThrow(SignatureError);
    expect(() => verifyStripeSignature(payload.replace("evt_1", "evt_2"), signed(), secret)).toThrow(SignatureError);
    expect(() => verifyStripeSignature(payload, "", secret)).toThrow(SignatureError);
    expect(() => verifyStripeSignature(payload, "t=abc,v1=zz", secret)).toThrow(SignatureError);
    expect(() => verifyStripeSignature(payload, `t=${Math.floor(Date.now() / 1000)}`, secret)).toThrow(SignatureError);
  });

  it("refuses a replay older than five minutes, and accepts one inside the tolerance", () => {
    const now = new Date();
    const old = Math.floor(now.getTime() / 1000) - 301;
    expect(() => verifyStripeSignature(payload, signed({ timestamp: old }), secret, { now })).toThrow("too old");
    expect(verifyStripeSignature(payload, signed({ timestamp: old + 2 }), secret, { now })).toEqual(JSON.parse(payload));
  });

  it("accepts any one of several v1 signatures (a secret being rolled)", () => {
    const header = signed();
    const t = /t=(\d+)/.exec(header)![1];
    const v1 = /v1=([0-9a-f]+)/.exec(header)![1];
    expect(verifyStripeSignature(payload, `t=${t},v1=${"0".repeat(64)},v1=${v1}`, secret)).toEqual(JSON.parse(payload));
  });
});
