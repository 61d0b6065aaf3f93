import type { App } from "sst/constructs";

/**
 * What a stage's infrastructure needs to know that the code cannot: whether it
 * is production, where its alarms go, the site's public URL and which social
 * sign-ins to offer. None of these are secrets (the providers' ids and keys are
 * SST secrets, see stacks/Secrets.ts).
 *
 * `sst deploy` takes them from the environment, which SST fills from `.env`,
 * `.env.<stage>` and `.env.<stage>.local` at the repository root before it runs
 * the stacks. The offline synthesis (stacks/synth.ts) passes them as CDK
 * context instead, so a developer's environment never changes what the
 * infra test sees.
 */
export const identityProviderNames = ["google", "apple", "github"] as const;
export type IdentityProviderName = (typeof identityProviderNames)[number];

export interface DeploySettings {
  /**
   * Whether the stage is the shop: true keeps its table, user pool and uploads bucket (retained; the table
   * and pool deletion-protected), drops the localhost origins and needs an alarm email. Unset is not production,
   * but a stage whose name looks like production must say so either way (see `looksLikeProduction`).
   */
  production?: boolean;
  /** Where the stage's alarms are emailed (one SNS email subscription each); required for production. */
  alarmEmails: string[];
  /**
   * Concurrent executions reserved for the Stripe webhook (0: none, the default everywhere). Every reservation
   * leaves the account's unreserved pool smaller, and AWS refuses one that would leave it under its minimum of 100:
   * all of it on a new account whose limit is still 10. `npm run stage:setup` says when the account's limit allows
   * a reservation (docs/deploy.md).
   */
  stripeWebhookConcurrency: number;
  /**
   * An address (or an address at a domain) verified in Amazon SES in the stage's region: the user pool sends its
   * emails (sign-up codes, temporary passwords, password resets) through SES from it. Unset: Cognito's own
   * sender, which AWS limits to 50 emails a day per account (docs/deploy.md).
   */
  emailFrom?: string;
  /**
   * How `emailFrom` is verified in SES: as the address itself (`address`, the default), or by its domain
   * (`domain`: the whole domain verified with DKIM records). Cognito must be told which identity to send through:
   * given the address alone it refuses a sender whose only identity is its domain.
   */
  emailIdentity: "address" | "domain";
  /**
   * The user pool's hosted UI domain prefix (`<prefix>.auth.<region>.amazoncognito.com`). Prefixes are global
   * in a region, across every AWS account, so the default is unique to the stage's Auth stack:
   * `regrip-<stage>-<the first 8 characters of the stack's id>`, known after the first deploy (the stack's
   * `HostedUiDomain` output). Set it to keep a name a social sign-in's console already lists.
   */
  authDomainPrefix?: string;
  /**
   * The site's public origin without a trailing slash (`https://d111.cloudfront.net`
   * or a custom domain). Unknown before the first deploy of a stage: CloudFront
   * picks the domain. Used for the hosted UI's redirect URLs, the uploads
   * bucket's CORS rule and the handlers' SITE_URL.
   */
  siteUrl?: string;
  /** Social sign-ins on the hosted UI; each needs its SST secrets set before deploying. */
  identityProviders: IdentityProviderName[];
  /** Issuer URL of the OIDC bridge in front of GitHub (GitHub itself does not speak OIDC). */
  githubIssuerUrl?: string;
  /** Change it to make the next deploy read the providers' secrets again (after `sst secrets set`). */
  identityProvidersRevision: string;
  /**
   * Whether the account logs SNS's SMS delivery statuses to CloudWatch Logs (SNS's text messaging preferences), so
   * the stage subscribes to those log groups and texts sent through SNS are marked delivered or failed.
   */
  snsDeliveryLogs: boolean;
  /**
   * The API stage's throttle, every route: requests a second, steady (`rate`) and in a burst (`burst`). API
   * Gateway answers 429 past it, before any function runs, so a flood costs nothing and leaves the account's
   * concurrency to the shop. Defaults: 50 and 100 (a shop's busiest minute is a few requests a second).
   */
  apiThrottle: { rate: number; burst: number };
  /** The sign-in route's own throttle (`POST /api/auth/local`, the password form), much lower: 2 a second, bursts of 5. */
  signInThrottle: { rate: number; burst: number };
  /**
   * Requests from one IP address in any 5 minutes past which the site's AWS WAF rule blocks it (at CloudFront, before
   * the API's throttle), meant for production. Unset: no WAF (a web ACL costs about $6 a month). Needs the stage in
   * us-east-1, where CloudFront's web ACLs live.
   */
  wafRateLimit?: number;
  /**
   * The shop's own domain for the site (`shop.example.com`), instead of CloudFront's `*.cloudfront.net`. With
   * `domainHostedZone` (a Route 53 hosted zone's name) the deploy makes its certificate in us-east-1 and its DNS
   * records; with `domainCertificateArn` (an ACM certificate in us-east-1 covering it) it uses that one and the DNS
   * stays the owner's (a CNAME to the distribution). The site's URL, the sign-in's callbacks and the uploads' CORS
   * follow it.
   */
  domain?: string;
  /**
   * Dollars of Amazon SNS texts this month past which the stage alarms (SNS's `SMSMonthToDateSpentUSD`): set it below
   * the account's SMS spend limit, where SNS stops sending. Unset: no spend alarm (a stage texting through Twilio).
   */
  smsSpendAlarmUsd?: number;
  domainHostedZone?: string;
  domainCertificateArn?: string;
  /** Offline synthesis only: upload packages/web/dist as it is instead of running the web build. */
  prebuiltWeb: boolean;
}

/** The CDK context key stacks/synth.ts sets; when present the environment is ignored. */
export const settingsContextKey = "regrip:settings";

export const settingsEnvironment = {
  production: "REGRIP_PRODUCTION",
  alarmEmails: "REGRIP_ALARM_EMAIL",
  stripeWebhookConcurrency: "REGRIP_STRIPE_WEBHOOK_CONCURRENCY",
  emailFrom: "REGRIP_EMAIL_FROM",
  emailIdentity: "REGRIP_EMAIL_IDENTITY",
  authDomainPrefix: "REGRIP_AUTH_DOMAIN_PREFIX",
  siteUrl: "REGRIP_SITE_URL",
  identityProviders: "REGRIP_IDENTITY_PROVIDERS",
  githubIssuerUrl: "REGRIP_GITHUB_OIDC_ISSUER",
  identityProvidersRevision: "REGRIP_IDENTITY_PROVIDERS_REVISION",
  snsDeliveryLogs: "REGRIP_SNS_DELIVERY_LOGS",
  apiThrottle: "REGRIP_API_THROTTLE",
  signInThrottle: "REGRIP_SIGN_IN_THROTTLE",
  wafRateLimit: "REGRIP_WAF_RATE_LIMIT",
  domain: "REGRIP_DOMAIN",
  smsSpendAlarmUsd: "REGRIP_SMS_SPEND_ALARM_USD",
  domainHostedZone: "REGRIP_DOMAIN_HOSTED_ZONE",
  domainCertificateArn: "REGRIP_DOMAIN_CERTIFICATE_ARN",
} as const;

/** The throttles a stage gets unless its settings say otherwise (requests a second, steady and in a burst). */
export const DEFAULT_API_THROTTLE = { rate: 50, burst: 100 } as const;
export const DEFAULT_SIGN_IN_THROTTLE = { rate: 2, burst: 5 } as const;


/**
 * Production by intent: the stage's settings say so (REGRIP_PRODUCTION=true), never its name.
 * `deploySettings` has already refused a production-looking name that says neither.
 */
export function isProduction(app: App): boolean {
  return deploySettings(app).production === true;
}

/**
 * A stage name a person would take for the shop: one of its words (split at `-`, `_`, `.`), less any
 * trailing digits, is prod, production, live or main, in any case. So `prod`, `Production`, `prod-2`,
 * `prod2`, `eu-live` and `main` look like production; `preprod`, `product`, `olive` and `pr-42` do not.
 */
export function looksLikeProduction(stage: string): boolean {
  return stage
    .toLowerCase()
    .split(/[-_.]+/)
    .some((word) => /^(prod|production|live|main)\d*$/.test(word));
}

export function deploySettings(app: App): DeploySettings {
  return checkedForStage(app.stage, readSettings(app));
}

function readSettings(app: App): DeploySettings {
  const fromContext = app.node.tryGetContext(settingsContextKey) as Partial<DeploySettings> | undefined;
  if (fromContext) return normalize(fromContext);
  const read = (name: string) => process.env[name]?.trim() || undefined;
  const number = (name: string) => {
    const value = read(name);
    return value === undefined ? undefined : Number(value);
  };
  return normalize({
    production: parseBoolean(read(settingsEnvironment.production), settingsEnvironment.production),
    alarmEmails: (read(settingsEnvironment.alarmEmails) ?? "")
      .split(",")
      .map((address) => address.trim())
      .filter(Boolean),
    stripeWebhookConcurrency: number(settingsEnvironment.stripeWebhookConcurrency),
    emailFrom: read(settingsEnvironment.emailFrom),
    emailIdentity: read(settingsEnvironment.emailIdentity) as DeploySettings["emailIdentity"] | undefined,
    authDomainPrefix: read(settingsEnvironment.authDomainPrefix),
    siteUrl: read(settingsEnvironment.siteUrl),
    identityProviders: (read(settingsEnvironment.identityProviders) ?? "")
      .split(",")
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean) as IdentityProviderName[],
    githubIssuerUrl: read(settingsEnvironment.githubIssuerUrl),
    identityProvidersRevision: read(settingsEnvironment.identityProvidersRevision),
    snsDeliveryLogs: read(settingsEnvironment.snsDeliveryLogs) === "true",
    apiThrottle: parseThrottle(read(settingsEnvironment.apiThrottle), settingsEnvironment.apiThrottle),
    signInThrottle: parseThrottle(read(settingsEnvironment.signInThrottle), settingsEnvironment.signInThrottle),
    wafRateLimit: number(settingsEnvironment.wafRateLimit),
    domain: read(settingsEnvironment.domain)?.toLowerCase(),
    smsSpendAlarmUsd: number(settingsEnvironment.smsSpendAlarmUsd),
    domainHostedZone: read(settingsEnvironment.domainHostedZone)?.toLowerCase(),
    domainCertificateArn: read(settingsEnvironment.domainCertificateArn),
    prebuiltWeb: false,
  });
}

/**
 * What a stage must not be deployed as: a production-looking name without a word on whether it is
 * production (a `prod` that loses its table on `sst remove` is the mistake this prevents), and
 * production without anyone to tell when it breaks.
 */
function checkedForStage(stage: string, settings: DeploySettings): DeploySettings {
  const envFile = `.env.${stage}`;
  if (settings.production === undefined && looksLikeProduction(stage)) {
    throw new Error(
      `Stage "${stage}" looks like production, but its settings do not say whether it is: a stage is production ` +
        `because ${settingsEnvironment.production}=true says so, never because of its name. Put ` +
        `${settingsEnvironment.production}=true in ${envFile} to deploy it as production (table, user pool and ` +
        `uploads bucket kept, table and pool deletion-protected, alarms emailed to ${settingsEnvironment.alarmEmails}), or ` +
        `${settingsEnvironment.production}=false to deploy a disposable stage under this name.`,
    );
  }
  if (settings.production && settings.alarmEmails.length === 0) {
    throw new Error(
      `Stage "${stage}" is production (${settingsEnvironment.production}=true) but has no ${settingsEnvironment.alarmEmails}: ` +
        `production's alarms (API errors, Lambda errors and throttles, DynamoDB throttles, failed jobs) must reach ` +
        `someone. Put ${settingsEnvironment.alarmEmails}=you@example.com in ${envFile} (several: comma-separated); ` +
        `each address gets a confirmation email from AWS after the deploy.`,
    );
  }
  return settings;
}

/** `RATE/BURST` (`50/100`): requests a second, steady and in a burst. */
function parseThrottle(value: string | undefined, name: string): { rate: number; burst: number } | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(value);
  if (!match) throw new Error(`${name} must be RATE/BURST in requests a second, such as 50/100, got "${value}"`);
  return { rate: Number(match[1]), burst: Number(match[2]) };
}

function checkedThrottle(throttle: { rate: number; burst: number }, name: string) {
  const whole = (n: number) => Number.isInteger(n) && n >= 1 && n <= 10_000;
  if (!whole(throttle.rate) || !whole(throttle.burst) || throttle.burst < throttle.rate) {
    throw new Error(`${name}: the rate and the burst must be whole numbers from 1 to 10000, the burst at least the rate; got ${throttle.rate}/${throttle.burst}`);
  }
  return { rate: throttle.rate, burst: throttle.burst };
}

function parseBoolean(value: string | undefined, name: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === "true" || value === "false") return value === "true";
  throw new Error(`${name} must be true or false, got "${value}"`);
}

const emailAddress = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;

function normalize(input: Partial<DeploySettings>): DeploySettings {
  const production = input.production;
  if (production !== undefined && typeof production !== "boolean") {
    throw new Error(`${settingsEnvironment.production} must be true or false, got "${String(production)}"`);
  }
  const alarmEmails = [...new Set(input.alarmEmails ?? [])];
  for (const address of alarmEmails) {
    if (!emailAddress.test(address)) {
      throw new Error(`${settingsEnvironment.alarmEmails}: "${address}" is not an email address`);
    }
  }
  const stripeWebhookConcurrency = input.stripeWebhookConcurrency ?? 0;
  if (!Number.isInteger(stripeWebhookConcurrency) || stripeWebhookConcurrency < 0 || stripeWebhookConcurrency > 50) {
    throw new Error(
      `${settingsEnvironment.stripeWebhookConcurrency} must be a whole number from 0 (no reservation) to 50, got "${input.stripeWebhookConcurrency}"`,
    );
  }
  if (input.emailFrom !== undefined && !emailAddress.test(input.emailFrom)) {
    throw new Error(`${settingsEnvironment.emailFrom}: "${input.emailFrom}" is not an email address`);
  }
  const emailIdentity = input.emailIdentity ?? "address";
  if (emailIdentity !== "address" && emailIdentity !== "domain") {
    throw new Error(`${settingsEnvironment.emailIdentity} must be address or domain (how ${settingsEnvironment.emailFrom} is verified in SES), got "${String(emailIdentity)}"`);
  }
  if (input.authDomainPrefix !== undefined && authDomainPrefixRefusal(input.authDomainPrefix)) {
    throw new Error(`${settingsEnvironment.authDomainPrefix}: ${authDomainPrefixRefusal(input.authDomainPrefix)}`);
  }
  const identityProviders = [...new Set(input.identityProviders ?? [])];
  for (const name of identityProviders) {
    if (!identityProviderNames.includes(name)) {
      throw new Error(
        `${settingsEnvironment.identityProviders}: unknown identity provider "${name}" (known: ${identityProviderNames.join(", ")})`,
      );
    }
  }
  if (identityProviders.includes("github") && !input.githubIssuerUrl) {
    throw new Error(
      `GitHub sign-in needs the issuer URL of its OIDC bridge in ${settingsEnvironment.githubIssuerUrl}`,
    );
  }
  const domain = checkedDomain(input);
  const siteUrl = input.siteUrl ? origin(input.siteUrl, settingsEnvironment.siteUrl) : domain ? `https://${domain.domain}` : undefined;
  if (domain && siteUrl !== `https://${domain.domain}`) {
    throw new Error(`${settingsEnvironment.siteUrl} is ${siteUrl} but ${settingsEnvironment.domain} is ${domain.domain}: leave ${settingsEnvironment.siteUrl} unset (it follows the domain) or make them the same`);
  }
  const smsSpendAlarmUsd = input.smsSpendAlarmUsd;
  if (smsSpendAlarmUsd !== undefined && !(Number.isFinite(smsSpendAlarmUsd) && smsSpendAlarmUsd > 0)) {
    throw new Error(`${settingsEnvironment.smsSpendAlarmUsd} must be a number of dollars above 0, got "${String(smsSpendAlarmUsd)}"`);
  }
  const wafRateLimit = input.wafRateLimit;
  if (wafRateLimit !== undefined && (!Number.isInteger(wafRateLimit) || wafRateLimit < 10 || wafRateLimit > 2_000_000_000)) {
    throw new Error(`${settingsEnvironment.wafRateLimit} must be a whole number of requests per IP in 5 minutes, at least 10 (AWS WAF's least), got "${String(wafRateLimit)}"`);
  }
  return {
    production,
    alarmEmails,
    stripeWebhookConcurrency,
    emailFrom: input.emailFrom,
    emailIdentity,
    authDomainPrefix: input.authDomainPrefix,
    siteUrl,
    ...(domain ?? {}),
    identityProviders,
    githubIssuerUrl: input.githubIssuerUrl ? httpsUrl(input.githubIssuerUrl) : undefined,
    identityProvidersRevision: input.identityProvidersRevision ?? "1",
    snsDeliveryLogs: input.snsDeliveryLogs ?? false,
    apiThrottle: checkedThrottle(input.apiThrottle ?? DEFAULT_API_THROTTLE, settingsEnvironment.apiThrottle),
    signInThrottle: checkedThrottle(input.signInThrottle ?? DEFAULT_SIGN_IN_THROTTLE, settingsEnvironment.signInThrottle),
    ...(wafRateLimit !== undefined ? { wafRateLimit } : {}),
    ...(smsSpendAlarmUsd !== undefined ? { smsSpendAlarmUsd } : {}),
    prebuiltWeb: input.prebuiltWeb ?? false,
  };
}

/**
 * Why Cognito would refuse `prefix` as a hosted UI domain prefix, or null: 1 to 63 lower case letters, digits and
 * hyphens, not starting or ending with a hyphen, without the reserved words aws, amazon and cognito.
 */
export function authDomainPrefixRefusal(prefix: string): string | null {
  if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(prefix)) {
    return `"${prefix}" must be 1 to 63 lower case letters, digits and hyphens, starting and ending with a letter or digit`;
  }
  if (/aws|amazon|cognito/.test(prefix)) return `"${prefix}" may not contain aws, amazon or cognito (Cognito reserves them)`;
  return null;
}

const hostname = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The site's own domain and how it gets its certificate, checked; undefined without a domain. */
function checkedDomain(input: Partial<DeploySettings>): Pick<DeploySettings, "domain" | "domainHostedZone" | "domainCertificateArn"> | undefined {
  const { domain, domainHostedZone, domainCertificateArn } = input;
  if (!domain) {
    if (domainHostedZone || domainCertificateArn) throw new Error(`${settingsEnvironment.domainHostedZone} and ${settingsEnvironment.domainCertificateArn} need ${settingsEnvironment.domain}`);
    return undefined;
  }
  if (!hostname.test(domain)) throw new Error(`${settingsEnvironment.domain}: "${domain}" is not a domain name such as shop.example.com`);
  if (!domainHostedZone && !domainCertificateArn) {
    throw new Error(
      `${settingsEnvironment.domain}=${domain} needs its certificate: ${settingsEnvironment.domainHostedZone} (the Route 53 hosted zone the domain is in: the deploy makes the certificate and the DNS records) or ${settingsEnvironment.domainCertificateArn} (an ACM certificate in us-east-1 covering it; the DNS is yours)`,
    );
  }
  if (domainHostedZone && !(domain === domainHostedZone || domain.endsWith(`.${domainHostedZone}`))) {
    throw new Error(`${settingsEnvironment.domain}=${domain} is not in the hosted zone ${domainHostedZone}`);
  }
  if (domainCertificateArn && !/^arn:aws[\w-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/.test(domainCertificateArn)) {
    throw new Error(`${settingsEnvironment.domainCertificateArn} must be an ACM certificate's ARN in us-east-1 (CloudFront reads certificates there only), got "${domainCertificateArn}"`);
  }
  return { domain, ...(domainHostedZone ? { domainHostedZone } : {}), ...(domainCertificateArn ? { domainCertificateArn } : {}) };
}

/** The domain part of an email address: `hello@shop.example` → `shop.example`. */
export const domainOfAddress = (address: string): string => address.slice(address.lastIndexOf("@") + 1);

/** `https://shop.example/` → `https://shop.example`: callers add the paths. */
function origin(value: string, name: string): string {
  const url = httpsUrl(value);
  const parsed = new URL(url);
  if (parsed.pathname !== "/" || parsed.search || parsed.hash) {
    throw new Error(`${name} must be an origin such as https://d111.cloudfront.net, got "${value}"`);
  }
  return parsed.origin;
}

function httpsUrl(value: string): string {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new Error(`"${value}" is not a URL`);
  }
  if (parsed.protocol !== "https:") throw new Error(`"${value}" must use https`);
  return value.replace(/\/+$/, "");
}

/**
 * The origins the site is served from: its public URL when known and, on
 * stages other than production, the local servers (`npm start`, Vite's dev
 * server), so a developer can point a local build at a cloud stage.
 */
export function siteOrigins(app: App, settings: DeploySettings): string[] {
  return [
    ...(settings.siteUrl ? [settings.siteUrl] : []),
    ...(settings.production ? [] : ["http://localhost:3000", "http://localhost:5173"]),
  ];
}

/** Where the hosted UI may send the browser back: the site's home page, as the web app's Amplify config asks. */
export function siteRedirectUrls(app: App, settings: DeploySettings): string[] {
  return siteOrigins(app, settings).map((o) => `${o}/`);
}
