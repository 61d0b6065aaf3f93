import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { afterEach, describe, expect, it } from "vitest";
import { env } from "../../../../infra/env";
import { originSecretHeader, requestOrigin, viewerAddressHeader } from "./origin";
import { SITE_URL_UNSET, siteOrigin } from "./site";

const secret = "s".repeat(48);
const event = (headers: Record<string, string>, sourceIp = "130.176.1.1") =>
  ({ headers, requestContext: { http: { sourceIp, userAgent: "Mozilla/5.0" } } }) as unknown as APIGatewayProxyEventV2;

const saved = { secret: process.env[env.originSecret], site: process.env[env.siteUrl] };
afterEach(() => {
  for (const [name, value] of [[env.originSecret, saved.secret], [env.siteUrl, saved.site]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe("requestOrigin", () => {
  it("records the viewer's address CloudFront passed on, when the request carries the stage's origin secret", () => {
    process.env[env.originSecret] = secret;
    const origin = requestOrigin(event({ [viewerAddressHeader]: "203.0.113.9", [originSecretHeader]: secret }));
    expect(origin).toEqual({ ip: "203.0.113.9", userAgent: "Mozilla/5.0" });
    expect(requestOrigin(event({ [viewerAddressHeader]: "2001:db8::7", [originSecretHeader]: secret })).ip).toBe("2001:db8::7");
  });

  it("ignores the header from a caller of the API's own URL (no secret, or a wrong one): its own address is recorded", () => {
    process.env[env.originSecret] = secret;
    expect(requestOrigin(event({ [viewerAddressHeader]: "203.0.113.9" }, "192.0.2.44")).ip).toBe("192.0.2.44");
    expect(requestOrigin(event({ [viewerAddressHeader]: "203.0.113.9", [originSecretHeader]: "s".repeat(47) + "t" }, "192.0.2.44")).ip).toBe("192.0.2.44");
  });

  it("ignores what is not an address, and trusts nothing on one machine, where there is no secret", () => {
    process.env[env.originSecret] = secret;
    expect(requestOrigin(event({ [viewerAddressHeader]: "evil<script>", [originSecretHeader]: secret })).ip).toBe("130.176.1.1");
    delete process.env[env.originSecret];
    expect(requestOrigin(event({ [viewerAddressHeader]: "203.0.113.9", [originSecretHeader]: "" }, "127.0.0.1")).ip).toBe("127.0.0.1");
  });
});

describe("siteOrigin", () => {
  it("is the configured site URL, never the request's host", () => {
    process.env[env.siteUrl] = "https://shop.regrip.example/";
    expect(siteOrigin()).toBe("https://shop.regrip.example");
  });

  it("answers 503 with a message before a stage knows its site URL", () => {
    process.env[env.siteUrl] = "";
    expect(() => siteOrigin()).toThrow(SITE_URL_UNSET);
  });
});
