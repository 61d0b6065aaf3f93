/**
 * Who is signed in, read synchronously from the tokens Amplify keeps in
 * localStorage (`CognitoIdentityServiceProvider.<clientId>.<user>.idToken`),
 * so a page needs no Amplify to send its ID token. The claims are read, never
 * verified: the server verifies every token it is sent.
 */
export const authKeyPrefix = "CognitoIdentityServiceProvider";

/** Amplify treats a token as expired 5 s early (isTokenExpired's tolerance): so does this. */
const expiryToleranceMs = 5_000;

export interface StoredSession {
  username: string;
  idToken: string;
  /** The ID token's `exp`, in ms. */
  expiresAt: number;
  /** Amplify's record of the server clock minus this one, in ms. */
  clockDrift: number;
  claims: Record<string, unknown>;
}

type Storage = Pick<globalThis.Storage, "getItem">;

function base64UrlDecode(text: string): string {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(text.length / 4) * 4, "=");
  const binary = atob(base64);
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/** A JWT's payload, or undefined when it is not one. */
export function jwtClaims(token: string): Record<string, unknown> | undefined {
  const parts = token.split(".");
  if (parts.length !== 3) return undefined;
  try {
    const claims: unknown = JSON.parse(base64UrlDecode(parts[1]));
    return claims && typeof claims === "object" && !Array.isArray(claims) ? (claims as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The stored session of the last user who signed in on this client, or undefined when there is none. */
export function readStoredSession(storage: Storage | undefined, clientId: string | undefined): StoredSession | undefined {
  if (!storage || !clientId) return undefined;
  try {
    const prefix = `${authKeyPrefix}.${clientId}`;
    const username = storage.getItem(`${prefix}.LastAuthUser`);
    if (!username) return undefined;
    const idToken = storage.getItem(`${prefix}.${username}.idToken`);
    if (!idToken) return undefined;
    const claims = jwtClaims(idToken);
    if (!claims || typeof claims.exp !== "number") return undefined;
    const drift = Number.parseInt(storage.getItem(`${prefix}.${username}.clockDrift`) ?? "0", 10);
    return { username, idToken, expiresAt: claims.exp * 1000, clockDrift: Number.isFinite(drift) ? drift : 0, claims };
  } catch {
    // Storage blocked (privacy settings) or a token that is not a JWT: as good as signed out.
    return undefined;
  }
}

/** As Amplify decides it: a token within the tolerance of its expiry is refreshed, not sent. */
export function isExpired(session: Pick<StoredSession, "expiresAt" | "clockDrift">, now: number): boolean {
  return now + session.clockDrift + expiryToleranceMs > session.expiresAt;
}
