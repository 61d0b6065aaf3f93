/** The deploy settings as `sst deploy` reads them: from the environment (and SST's `.env.<stage>`). */
import type { App } from "sst/constructs";
import { afterEach, describe, expect, it } from "vitest";
import { deploySettings, settingsEnvironment, siteOrigins, siteRedirectUrls } from "../../stacks/settings";

const names = Object.values(settingsEnvironment);
const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));

afterEach(() => {
  for (const name of names) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

function app(stage: string): App {
  return { stage, node: { tryGetContext: () => undefined } } as unknown as App;
}

function withEnvironment(values: Partial<Record<keyof typeof settingsEnvironment, string>>) {
  for (const name of names) delete process.env[name];
  for (const [key, value] of Object.entries(values)) {
    process.env[settingsEnvironment[key as keyof typeof settingsEnvironment]] = value;
  }
}

describe("deploy settings", () => {
  it("defaults to no site URL and no identity providers", () => {
    withEnvironment({});
    expect(deploySettings(app("dev"))).toEqual({
      siteUrl: undefined,
      identityProviders: [],
      githubIssuerUrl: undefined,
      identityProvidersRevision: "1",
      snsDeliveryLogs: false,
      prebuiltWeb: false,
    });
  });

  it("reads the site's origin and the providers from the environment", () => {
    withEnvironment({
      siteUrl: "https://d111.cloudfront.net/",
      identityProviders: " Google, apple,google ",
      identityProvidersRevision: "2",
    });
    const settings = deploySettings(app("production"));
    expect(settings.siteUrl).toBe("https://d111.cloudfront.net");
    expect(settings.identityProviders).toEqual(["google", "apple"]);
    expect(settings.identityProvidersRevision).toBe("2");
    expect(siteRedirectUrls(app("production"), settings)).toEqual(["https://d111.cloudfront.net/"]);
    expect(siteOrigins(app("dev"), settings)).toContain("http://localhost:3000");
  });

  it("subscribes to SNS's delivery status logs only when told the account keeps them", () => {
    withEnvironment({ snsDeliveryLogs: "true" });
    expect(deploySettings(app("dev")).snsDeliveryLogs).toBe(true);
    withEnvironment({ snsDeliveryLogs: "yes" });
    expect(deploySettings(app("dev")).snsDeliveryLogs).toBe(false);
  });

  it("refuses what would only fail later, at deploy", () => {
    withEnvironment({ identityProviders: "facebook" });
    expect(() => deploySettings(app("dev"))).toThrow(/unknown identity provider "facebook"/);
    withEnvironment({ identityProviders: "github" });
    expect(() => deploySettings(app("dev"))).toThrow(/REGRIP_GITHUB_OIDC_ISSUER/);
    withEnvironment({ siteUrl: "https://shop.example/app" });
    expect(() => deploySettings(app("dev"))).toThrow(/must be an origin/);
    withEnvironment({ siteUrl: "http://shop.example" });
    expect(() => deploySettings(app("dev"))).toThrow(/https/);
  });
});
