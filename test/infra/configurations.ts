/**
 * The infrastructure configurations the infra tests read, each synthesized once per run: a synthesis takes seconds,
 * and the infra project runs its files one after the other in one worker without isolation (vitest.config.ts), so
 * every file asking for "dev" gets the same one.
 */
import { synthesize, type SynthOptions, type Synthesis } from "../../stacks/synth";

export const productionSiteUrl = "https://shop.regrip.example";
/** The production configuration's verified SES sender. */
export const productionEmailFrom = "hello@regrip.example";

export const configurations = {
  /** No deploy settings: a disposable stage. */
  dev: { stage: "dev" },
  /**
   * The largest configuration: production (REGRIP_PRODUCTION=true) with its alarms, a site URL, every identity
   * provider, SNS delivery logs and an email sender.
   */
  production: {
    stage: "production",
    settings: {
      production: true,
      alarmEmails: ["ops@regrip.example"],
      siteUrl: productionSiteUrl,
      identityProviders: ["google", "apple", "github"],
      githubIssuerUrl: "https://github-oidc.regrip.example",
      snsDeliveryLogs: true,
      emailFrom: productionEmailFrom,
    },
  },
  /**
   * A new production stage's first deploy: two alarm addresses, the Stripe webhook's reservation set to 8, SNS
   * delivery logs on, no site URL yet, a sender whose SES identity is its domain, a hosted UI prefix of its own, throttles
   * of its own, the site's WAF rate rule and the shop's own domain with its own certificate.
   */
  prod: {
    stage: "prod",
    settings: {
      production: true,
      alarmEmails: ["ops@regrip.example", "owner@regrip.example"],
      stripeWebhookConcurrency: 8,
      snsDeliveryLogs: true,
      emailFrom: "orders@mail.regrip.example",
      emailIdentity: "domain",
      authDomainPrefix: "regrip-shop-two",
      apiThrottle: { rate: 20, burst: 40 },
      signInThrottle: { rate: 1, burst: 3 },
      wafRateLimit: 600,
      smsSpendAlarmUsd: 40,
      domain: "shop.regrip.example",
      domainCertificateArn: "arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555",
    },
  },
  /**
   * A production-looking name deployed as a disposable stage (REGRIP_PRODUCTION=false), on a domain of its Route 53
   * hosted zone (the zone's look-up given as the deploy would find it).
   */
  live: {
    stage: "live",
    settings: { production: false, domain: "live.regrip.example", domainHostedZone: "regrip.example" },
    lookups: { "hosted-zone:account=123456789012:domainName=regrip.example:region=us-east-1": { Id: "/hostedzone/Z0REGRIPEXAMPLE", Name: "regrip.example." } },
  },
} satisfies Record<string, SynthOptions>;

export type ConfigurationName = keyof typeof configurations;

const made = new Map<ConfigurationName, Promise<Synthesis>>();
let last: Promise<unknown> = Promise.resolve();

/** The configuration synthesized, once per run; one synthesis at a time (SST keeps the current app in module state). */
export function synthesized(name: ConfigurationName): Promise<Synthesis> {
  let synthesis = made.get(name);
  if (!synthesis) {
    synthesis = last.catch(() => undefined).then(() => synthesize(configurations[name]));
    last = synthesis;
    made.set(name, synthesis);
  }
  return synthesis;
}
