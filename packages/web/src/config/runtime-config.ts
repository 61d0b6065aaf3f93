/**
 * The site's runtime config: a JSON script in index.html whose values are
 * filled after the build (SST at deploy time, the local server when it serves
 * the page). Read with JSON.parse, never import.meta.env, so the minifier
 * cannot fold a placeholder into the code.
 */
export interface RuntimeConfig {
  region?: string;
  userPoolId?: string;
  userPoolClientId?: string;
  /** Absolute URL of the Cognito API (cognito-local on one machine). */
  userPoolEndpoint?: string;
  /** Hosted UI domain; without it customers sign in with the form on /login. */
  oauthDomain?: string;
  siteUrl?: string;
}

const keys = ["region", "userPoolId", "userPoolClientId", "userPoolEndpoint", "oauthDomain", "siteUrl"] as const;

/** Empty, `{{ VITE_X }}` (not filled in) or `%VITE_X%` (not replaced by Vite) all mean unset. */
export function isUnset(value: unknown): boolean {
  if (typeof value !== "string") return true;
  const text = value.trim();
  return text === "" || /^\{\{.*\}\}$/.test(text) || /^%VITE_[A-Z_]+%$/.test(text);
}

/** `userPoolEndpoint` may be relative to the site (`/cognito/` locally). */
export function parseRuntimeConfig(json: string | null | undefined, origin: string): RuntimeConfig {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(json ?? "{}");
    if (parsed && typeof parsed === "object") raw = parsed as Record<string, unknown>;
  } catch {
    // A broken config must not take the site down: the shop still renders, signed out.
  }
  const config: RuntimeConfig = {};
  for (const key of keys) {
    const value = raw[key];
    if (!isUnset(value)) config[key] = (value as string).trim();
  }
  if (config.userPoolEndpoint) config.userPoolEndpoint = new URL(config.userPoolEndpoint, origin).href;
  return config;
}

export function readRuntimeConfig(doc: Document = document): RuntimeConfig {
  return parseRuntimeConfig(doc.getElementById("regrip-config")?.textContent, doc.location.origin);
}

/** Where hosted sign-in and sign-out come back to. */
export function siteHome(config: RuntimeConfig, origin: string): string {
  return new URL("/", config.siteUrl ?? origin).href;
}
