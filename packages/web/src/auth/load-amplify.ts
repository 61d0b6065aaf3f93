import type { RuntimeConfig } from "../config/runtime-config";
import { loadChunk } from "../lib/load-chunk";

type AmplifyRuntime = typeof import("./amplify-runtime");

let runtimeConfig: RuntimeConfig = {};
let loading: Promise<AmplifyRuntime> | undefined;

/** main.tsx hands over the site's runtime config; Amplify is not loaded here. */
export function setAuthConfig(config: RuntimeConfig): void {
  runtimeConfig = config;
}

export function authConfig(): RuntimeConfig {
  return runtimeConfig;
}

/** Amplify, configured for this site: loaded (once) only when a sign-in, sign-out or token refresh needs it. */
export function loadAmplify(): Promise<AmplifyRuntime> {
  loading ??= loadChunk(() => import("./amplify-runtime")).then((runtime) => {
    runtime.startAmplify(runtimeConfig);
    return runtime;
  });
  return loading;
}

/** The hosted UI came back to this page with a code to exchange: Amplify must load to finish signing in. */
export function isOAuthReturn(config: RuntimeConfig, search: string): boolean {
  if (!config.oauthDomain) return false;
  const params = new URLSearchParams(search);
  return params.has("state") && (params.has("code") || params.has("error"));
}
