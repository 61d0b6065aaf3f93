import type { App } from "sst/constructs";

/**
 * What a stage's infrastructure needs to know that the code cannot: the
 * site's public URL and which social sign-ins to offer. None of these are
 * secrets (the providers' ids and keys are SST secrets, see stacks/Secrets.ts).
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
  /** Offline synthesis only: upload packages/web/dist as it is instead of running the web build. */
  prebuiltWeb: boolean;
}

/** The CDK context key stacks/synth.ts sets; when present the environment is ignored. */
export const settingsContextKey = "regrip:settings";

export const settingsEnvironment = {
  siteUrl: "REGRIP_SITE_URL",
  identityProviders: "REGRIP_IDENTITY_PROVIDERS",
  githubIssuerUrl: "REGRIP_GITHUB_OIDC_ISSUER",
  identityProvidersRevision: "REGRIP_IDENTITY_PROVIDERS_REVISION",
  snsDeliveryLogs: "REGRIP_SNS_DELIVERY_LOGS",
} as const;

export function isProduction(app: App): boolean {
  return app.stage === "production";
}

export function deploySettings(app: App): DeploySettings {
  const fromContext = app.node.tryGetContext(settingsContextKey) as Partial<DeploySettings> | undefined;
  if (fromContext) return normalize(fromContext);
  const read = (name: string) => process.env[name]?.trim() || undefined;
  return normalize({
    siteUrl: read(settingsEnvironment.siteUrl),
    identityProviders: (read(settingsEnvironment.identityProviders) ?? "")
      .split(",")
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean) as IdentityProviderName[],
    githubIssuerUrl: read(settingsEnvironment.githubIssuerUrl),
    identityProvidersRevision: read(settingsEnvironment.identityProvidersRevision),
    snsDeliveryLogs: read(settingsEnvironment.snsDeliveryLogs) === "true",
    prebuiltWeb: false,
  });
}

function normalize(input: Partial<DeploySettings>): DeploySettings {
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
  return {
    siteUrl: input.siteUrl ? origin(input.siteUrl, settingsEnvironment.siteUrl) : undefined,
    identityProviders,
    githubIssuerUrl: input.githubIssuerUrl ? httpsUrl(input.githubIssuerUrl) : undefined,
    identityProvidersRevision: input.identityProvidersRevision ?? "1",
    snsDeliveryLogs: input.snsDeliveryLogs ?? false,
    prebuiltWeb: input.prebuiltWeb ?? false,
  };
}

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
    ...(isProduction(app) ? [] : ["http://localhost:3000", "http://localhost:5173"]),
  ];
}

/** Where the hosted UI may send the browser back: the site's home page, as the web app's Amplify config asks. */
export function siteRedirectUrls(app: App, settings: DeploySettings): string[] {
  return siteOrigins(app, settings).map((o) => `${o}/`);
}
