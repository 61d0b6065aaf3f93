import { authenticatorMissing, rolesFromGroups, type UserActor } from "@regrip/core/actor";
import { AUTHENTICATOR_GROUP } from "@regrip/core/shared/roles";
import { env } from "../../../../infra/env";
import { JwksUnavailableError, JwtError, verifyJwt } from "./jwt";

/**
 * Verifies a Cognito ID token: signature against the pool's JWKS, issuer,
 * audience (the web client), expiry, and `token_use`. The browser and
 * POST /api/auth/local both hand out ID tokens, which carry the email and
 * names the user item is created from on first sign-in.
 */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

export class InvalidTokenError extends Error {}

export async function verifyIdToken(token: string): Promise<UserActor> {
  const issuer = required(env.issuer);
  const clientId = required(env.userPoolClientId);
  let payload: Record<string, unknown>;
  try {
    payload = await verifyJwt(token, { issuer, audience: clientId });
  } catch (error) {
    // The pool's keys could not be fetched: the token may be fine, so this is "try again", not "signed out".
    if (error instanceof JwksUnavailableError) throw error;
    if (error instanceof JwtError) throw new InvalidTokenError(error.message);
    throw error;
  }
  if (payload.token_use !== "id") throw new InvalidTokenError("not an ID token");
  if (typeof payload.sub !== "string" || !payload.sub) throw new InvalidTokenError("token has no subject");
  const text = (key: string) => (typeof payload[key] === "string" ? (payload[key] as string) : undefined);
  const rawGroups = payload["cognito:groups"];
  const groups = Array.isArray(rawGroups) ? rawGroups.filter((g): g is string => typeof g === "string") : [];
  return {
    type: "user",
    userId: payload.sub,
    username: text("cognito:username") ?? payload.sub,
    email: text("email"),
    // Cognito writes the claim as a boolean; some pools (and cognito-local) as "true"/"false".
    emailVerified: payload.email_verified === true || payload.email_verified === "true",
    givenName: text("given_name"),
    familyName: text("family_name"),
    roles: rolesFromGroups(groups),
    authenticator: groups.includes(AUTHENTICATOR_GROUP),
    // Staff whose sign-in skipped the authenticator app act as customers until they set one up.
    ...(authenticatorMissing(groups) ? { authenticatorRequired: true } : {}),
  };
}

export function bearerToken(authorization: string | undefined): string | undefined {
  const match = authorization ? /^Bearer\s+(\S+)$/i.exec(authorization.trim()) : null;
  return match?.[1];
}
