import { describe, expect, it } from "vitest";
import { isUnset, parseRuntimeConfig, siteHome } from "./runtime-config";

const origin = "http://localhost:3000";

describe("isUnset", () => {
  it.each(["", "  ", "{{ VITE_USER_POOL_ID }}", "{{VITE_REGION}}", "%VITE_OAUTH_DOMAIN%", undefined, null, 42])(
    "treats %j as unset",
    (value) => expect(isUnset(value)).toBe(true),
  );
  it("keeps a real value", () => expect(isUnset("us-east-1_abc")).toBe(false));
});

describe("parseRuntimeConfig", () => {
  it("reads filled values and drops placeholders", () => {
    const json = JSON.stringify({
      region: "us-east-1",
      userPoolId: "us-east-1_abc",
      userPoolClientId: "client123",
      userPoolEndpoint: "{{ VITE_USER_POOL_ENDPOINT }}",
      oauthDomain: "",
      siteUrl: "{{ VITE_SITE_URL }}",
    });
    expect(parseRuntimeConfig(json, origin)).toEqual({
      region: "us-east-1",
      userPoolId: "us-east-1_abc",
      userPoolClientId: "client123",
    });
  });

  it("resolves a relative user pool endpoint against the site origin", () => {
    const config = parseRuntimeConfig(JSON.stringify({ userPoolEndpoint: "/cognito/" }), origin);
    expect(config.userPoolEndpoint).toBe("http://localhost:3000/cognito/");
  });

  it("keeps an absolute user pool endpoint", () => {
    const config = parseRuntimeConfig(JSON.stringify({ userPoolEndpoint: "http://localhost:9229" }), origin);
    expect(config.userPoolEndpoint).toBe("http://localhost:9229/");
  });

  it("survives a missing or broken config", () => {
    expect(parseRuntimeConfig(null, origin)).toEqual({});
    expect(parseRuntimeConfig("{not json", origin)).toEqual({});
    expect(parseRuntimeConfig("[]", origin)).toEqual({});
  });
});

describe("siteHome", () => {
  it("prefers the configured site URL", () => {
    expect(siteHome({ siteUrl: "https://regrip.example" }, origin)).toBe("https://regrip.example/");
    expect(siteHome({}, origin)).toBe("http://localhost:3000/");
  });
});
