/**
 * RS256 JSON Web Tokens checked with node:crypto against an issuer's JWKS:
 * the one algorithm Cognito signs with, and nothing else accepted (no `none`,
 * no HMAC, so a public key can never be used as a shared secret).
 *
 * Why not the `jose` package: it did the same and added 20 KB to every API
 * function's cold start (`npm run bench:lambda`); the tests still sign tokens
 * with it, so the two are checked against each other.
 */
import { createPublicKey, verify, type JsonWebKey, type KeyObject } from "node:crypto";

export class JwtError extends Error {}

/**
 * The issuer's keys could not be fetched (not answering, not reachable, not
 * JSON). Named like the AWS SDK's timeouts, so the handler layer answers 503
 * "try again" rather than 401: the token may well be fine.
 */
export class JwksUnavailableError extends Error {
  override readonly name = "TimeoutError";
}

/** How long fetched keys are trusted, and how soon an unknown `kid` may fetch them again (a key rotation). */
const KEYS_MAX_AGE_MS = 60 * 60 * 1000;
const REFETCH_AFTER_MS = 30 * 1000;
export const JWKS_TIMEOUT_MS = 5_000;
/** Clock skew allowed on `exp`, `nbf` and `iat`. */
const LEEWAY_SECONDS = 5;

interface KeySet {
  url: string;
  keys: Map<string, KeyObject>;
  fetchedAt: number;
}

let cached: KeySet | undefined;
let fetching: Promise<KeySet> | undefined;

async function fetchKeys(url: string): Promise<KeySet> {
  let body: { keys?: (JsonWebKey & { kid?: string; kty?: string; use?: string; alg?: string })[] };
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(JWKS_TIMEOUT_MS), headers: { accept: "application/json" } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    body = (await response.json()) as typeof body;
  } catch (error) {
    throw new JwksUnavailableError(`The signing keys at ${url} could not be fetched`, { cause: error });
  }
  const keys = new Map<string, KeyObject>();
  for (const jwk of body.keys ?? []) {
    if (jwk.kty !== "RSA" || !jwk.kid || (jwk.use && jwk.use !== "sig") || (jwk.alg && jwk.alg !== "RS256")) continue;
    try {
      keys.set(jwk.kid, createPublicKey({ key: jwk, format: "jwk" }));
    } catch {
      // a key we cannot read is a key nothing can be verified with
    }
  }
  return { url, keys, fetchedAt: Date.now() };
}

/** The key `kid` of the JWKS at `url`: from the cache, or fetched (once at a time) when unknown or stale. */
async function keyFor(url: string, kid: string): Promise<KeyObject | undefined> {
  const age = cached?.url === url ? Date.now() - cached.fetchedAt : Infinity;
  const known = cached?.url === url ? cached.keys.get(kid) : undefined;
  if (known && age < KEYS_MAX_AGE_MS) return known;
  if (known || age >= REFETCH_AFTER_MS) {
    fetching ??= fetchKeys(url).finally(() => (fetching = undefined));
    cached = await fetching;
  }
  return cached?.url === url ? cached.keys.get(kid) : undefined;
}

function part(segment: string, what: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, "base64url").toString("utf8"));
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new JwtError(`the token's ${what} is not a JSON object`);
}

/** The payload of `token` when it is an RS256 JWT signed by a key of `issuer`'s JWKS, for `audience`, and current. */
export async function verifyJwt(
  token: string,
  { issuer, audience, now = Date.now() }: { issuer: string; audience: string; now?: number },
): Promise<Record<string, unknown>> {
  const segments = token.split(".");
  if (segments.length !== 3 || segments.some((s) => !/^[A-Za-z0-9_-]*$/.test(s))) throw new JwtError("not a JWT");
  const [headerPart, payloadPart, signaturePart] = segments;
  const header = part(headerPart, "header");
  if (header.alg !== "RS256") throw new JwtError(`algorithm ${typeof header.alg === "string" ? header.alg.slice(0, 20) : typeof header.alg} is not accepted`);
  if (typeof header.kid !== "string" || !header.kid) throw new JwtError("the token names no key");
  if (header.crit !== undefined) throw new JwtError("critical header parameters are not supported");
  const payload = part(payloadPart, "payload");

  const key = await keyFor(`${issuer}/.well-known/jwks.json`, header.kid);
  if (!key) throw new JwtError("the token's key is not one of the issuer's");
  const signed = verify("RSA-SHA256", Buffer.from(`${headerPart}.${payloadPart}`), key, Buffer.from(signaturePart, "base64url"));
  if (!signed) throw new JwtError("the signature does not match");

  const seconds = now / 1000;
  if (payload.iss !== issuer) throw new JwtError("another issuer");
  const aud = payload.aud;
  if (!(aud === audience || (Array.isArray(aud) && aud.includes(audience)))) throw new JwtError("another audience");
  if (typeof payload.exp !== "number" || payload.exp + LEEWAY_SECONDS <= seconds) throw new JwtError("expired");
  if (typeof payload.nbf === "number" && payload.nbf - LEEWAY_SECONDS > seconds) throw new JwtError("not valid yet");
  if (typeof payload.iat === "number" && payload.iat - LEEWAY_SECONDS > seconds) throw new JwtError("issued in the future");
  return payload;
}
