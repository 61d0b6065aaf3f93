/** The deploy settings as `sst deploy` reads them: from the environment (and SST's `.env.<stage>`). */
import type { App } from "sst/constructs";
import { afterEach, describe, expect, it } from "vitest";
import {
  deploySettings,
  isProduction,
  looksLikeProduction,
  settingsEnvironment,
  siteOrigins,
  siteRedirectUrls,
} from "../../stacks/settings";

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
      production: undefined,
      alarmEmails: [],
      stripeWebhookConcurrency: 0,
      emailIdentity: "address",
      siteUrl: undefined,
      identityProviders: [],
      githubIssuerUrl: undefined,
      identityProvidersRevision: "1",
      snsDeliveryLogs: false,
      apiThrottle: { rate: 50, burst: 100 },
      signInThrottle: { rate: 2, burst: 5 },
      prebuiltWeb: false,
    });
  });

  it("reads the throttles as RATE/BURST and the WAF's limit, and refuses what API Gateway or WAF would", () => {
    withEnvironment({ apiThrottle: "20/40", signInThrottle: "1/1", wafRateLimit: "600" });
    expect(deploySettings(app("dev"))).toMatchObject({ apiThrottle: { rate: 20, burst: 40 }, signInThrottle: { rate: 1, burst: 1 }, wafRateLimit: 600 });
    for (const [name, value, words] of [
      ["apiThrottle", "20", /REGRIP_API_THROTTLE must be RATE\/BURST/],
      ["apiThrottle", "40/20", /the burst at least the rate/],
      ["signInThrottle", "0/5", /whole numbers from 1 to 10000/],
      ["wafRateLimit", "5", /REGRIP_WAF_RATE_LIMIT must be a whole number/],
      ["wafRateLimit", "lots", /REGRIP_WAF_RATE_LIMIT must be a whole number/],
    ] as const) {
      withEnvironment({ [name]: value });
      expect(() => deploySettings(app("dev")), `${name}=${value}`).toThrow(words);
    }
  });

  it("reads the site's origin and the providers from the environment", () => {
    withEnvironment({
      production: "true",
      alarmEmails: "ops@regrip.example",
      siteUrl: "https://d111.cloudfront.net/",
      identityProviders: " Google, apple,google ",
      identityProvidersRevision: "2",
    });
    const settings = deploySettings(app("production"));
    expect(settings.siteUrl).toBe("https://d111.cloudfront.net");
    expect(settings.identityProviders).toEqual(["google", "apple"]);
    expect(settings.identityProvidersRevision).toBe("2");
    expect(siteRedirectUrls(app("production"), settings)).toEqual(["https://d111.cloudfront.net/"]);
    // Production's hosted UI and uploads admit the site alone; a disposable stage also admits the local servers.
    expect(siteOrigins(app("production"), settings)).toEqual(["https://d111.cloudfront.net"]);
    withEnvironment({ siteUrl: "https://d111.cloudfront.net/" });
    expect(siteOrigins(app("dev"), deploySettings(app("dev")))).toContain("http://localhost:3000");
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
    withEnvironment({ emailFrom: "regrip shop" });
    expect(() => deploySettings(app("dev"))).toThrow(/REGRIP_EMAIL_FROM: "regrip shop" is not an email address/);
  });

  it("sends the pool's emails through SES only when the stage names a verified sender", () => {
    withEnvironment({});
    expect(deploySettings(app("dev")).emailFrom).toBeUndefined();
    withEnvironment({ emailFrom: "hello@regrip.example" });
    expect(deploySettings(app("dev")).emailFrom).toBe("hello@regrip.example");
  });
});

describe("production by intent", () => {
  it("knows a production-looking stage name by its words, in any case, with or without digits", () => {
    for (const stage of ["prod", "Prod", "PRODUCTION", "live", "main", "prod-2", "prod2", "eu-live", "shop_prod", "main.1", "production-old"]) {
      expect(looksLikeProduction(stage), stage).toBe(true);
    }
    for (const stage of ["dev", "alex", "pr-42", "preprod", "product", "olive", "mainframe", "staging", "productions"]) {
      expect(looksLikeProduction(stage), stage).toBe(false);
    }
  });

  it("refuses a production-looking stage that does not say whether it is production, saying how to fix it", () => {
    withEnvironment({});
    for (const stage of ["prod", "Production", "live", "main", "prod-2"]) {
      expect(() => deploySettings(app(stage)), stage).toThrow(
        new RegExp(`Stage "${stage}" looks like production.*REGRIP_PRODUCTION=true in \\.env\\.${stage}.*REGRIP_PRODUCTION=false`),
      );
      expect(() => isProduction(app(stage)), stage).toThrow(/looks like production/);
    }
  });

  it("makes a stage production by its setting, whatever its name", () => {
    withEnvironment({ production: "true", alarmEmails: "ops@regrip.example" });
    expect(isProduction(app("shop"))).toBe(true);
    withEnvironment({ production: "false" });
    expect(isProduction(app("prod"))).toBe(false);
    expect(siteRedirectUrls(app("prod"), deploySettings(app("prod")))).toContain("http://localhost:3000/");
    withEnvironment({});
    expect(isProduction(app("dev"))).toBe(false);
    // Anything but true or false is a typo, not a decision.
    withEnvironment({ production: "yes" });
    expect(() => deploySettings(app("dev"))).toThrow(/REGRIP_PRODUCTION must be true or false/);
  });

  it("refuses production without an alarm email, and reads one or more addresses", () => {
    withEnvironment({ production: "true" });
    expect(() => deploySettings(app("shop"))).toThrow(/"shop" is production.*no REGRIP_ALARM_EMAIL.*\.env\.shop/);
    withEnvironment({ production: "true", alarmEmails: " ops@regrip.example, owner@regrip.example ,ops@regrip.example" });
    expect(deploySettings(app("shop")).alarmEmails).toEqual(["ops@regrip.example", "owner@regrip.example"]);
    withEnvironment({ alarmEmails: "ops at regrip" });
    expect(() => deploySettings(app("dev"))).toThrow(/REGRIP_ALARM_EMAIL: "ops at regrip" is not an email address/);
    // Optional on a disposable stage.
    withEnvironment({ alarmEmails: "dev@regrip.example" });
    expect(deploySettings(app("dev")).alarmEmails).toEqual(["dev@regrip.example"]);
  });

  it("reserves no concurrency for the Stripe webhook unless told (a new account's limit of 10 refuses any), and as told", () => {
    withEnvironment({ production: "true", alarmEmails: "ops@regrip.example" });
    expect(deploySettings(app("shop")).stripeWebhookConcurrency).toBe(0);
    withEnvironment({ production: "true", alarmEmails: "ops@regrip.example", stripeWebhookConcurrency: "0" });
    expect(deploySettings(app("shop")).stripeWebhookConcurrency).toBe(0);
    withEnvironment({});
    expect(deploySettings(app("dev")).stripeWebhookConcurrency).toBe(0);
    withEnvironment({ stripeWebhookConcurrency: "3" });
    expect(deploySettings(app("dev")).stripeWebhookConcurrency).toBe(3);
    for (const value of ["-1", "2.5", "many", "51"]) {
      withEnvironment({ stripeWebhookConcurrency: value });
      expect(() => deploySettings(app("dev")), value).toThrow(/REGRIP_STRIPE_WEBHOOK_CONCURRENCY must be a whole number from 0/);
    }
  });

  it("takes the SES sender's identity as its address or its domain, and a hosted UI domain prefix Cognito would take", () => {
    withEnvironment({ emailFrom: "hello@shop.example" });
    expect(deploySettings(app("dev"))).toMatchObject({ emailFrom: "hello@shop.example", emailIdentity: "address", authDomainPrefix: undefined });
    withEnvironment({ emailFrom: "hello@shop.example", emailIdentity: "domain", authDomainPrefix: "regrip-shop-two" });
    expect(deploySettings(app("dev"))).toMatchObject({ emailIdentity: "domain", authDomainPrefix: "regrip-shop-two" });
    withEnvironment({ emailIdentity: "dkim" });
    expect(() => deploySettings(app("dev"))).toThrow(/REGRIP_EMAIL_IDENTITY must be address or domain/);
    for (const prefix of ["Regrip", "-regrip", "regrip-", "my-aws-shop", "regrip_shop", "x".repeat(64)]) {
      withEnvironment({ authDomainPrefix: prefix });
      expect(() => deploySettings(app("dev")), prefix).toThrow(/REGRIP_AUTH_DOMAIN_PREFIX/);
    }
  });

  it("takes the shop's own domain with its zone or its certificate, the site URL following it, and refuses what CloudFront would", () => {
    const arn = "arn:aws:acm:us-east-1:123456789012:certificate/abc-123";
    withEnvironment({ domain: "Shop.Example.com", domainCertificateArn: arn });
    expect(deploySettings(app("dev"))).toMatchObject({ domain: "shop.example.com", domainCertificateArn: arn, siteUrl: "https://shop.example.com" });
    withEnvironment({ domain: "shop.example.com", domainHostedZone: "example.com", siteUrl: "https://shop.example.com" });
    expect(deploySettings(app("dev"))).toMatchObject({ domain: "shop.example.com", domainHostedZone: "example.com", siteUrl: "https://shop.example.com" });
    for (const [values, words] of [
      [{ domain: "shop.example.com" }, /needs its certificate/],
      [{ domain: "shop.example.com", domainHostedZone: "other.com" }, /is not in the hosted zone other.com/],
      [{ domain: "shop.example.com", domainCertificateArn: arn.replace("us-east-1", "us-west-2") }, /in us-east-1/],
      [{ domain: "not a domain", domainHostedZone: "example.com" }, /is not a domain name/],
      [{ domainHostedZone: "example.com" }, /need REGRIP_DOMAIN/],
      [{ domain: "shop.example.com", domainHostedZone: "example.com", siteUrl: "https://d111.cloudfront.net" }, /leave REGRIP_SITE_URL unset/],
    ] as const) {
      withEnvironment(values);
      expect(() => deploySettings(app("dev")), JSON.stringify(values)).toThrow(words);
    }
  });
});
