import { AUTHENTICATOR_GROUP, hasStaffRole, type Role } from "@regrip/core/shared/roles";
import { authConfig } from "./load-amplify";
import { isOfThisPool, storage } from "./session";
import { readStoredSession } from "./stored-session";

/**
 * Whether the stored session is a staff member's (EMPLOYEE or ADMIN in the token's `cognito:groups`, with the
 * authenticator group the server asks of staff), read without
 * Amplify, for a page that sends staff elsewhere (the bag page, to the order). The claims are not verified: the server
 * checks the token on every staff call. A file of its own, so the shell's first load (auth/session.ts) stays as it was.
 */
export function hasStoredStaffSession(): boolean {
  const stored = readStoredSession(storage(), authConfig().userPoolClientId);
  if (!stored || !isOfThisPool(stored)) return false;
  const groups = stored.claims["cognito:groups"];
  if (!Array.isArray(groups) || !groups.includes(AUTHENTICATOR_GROUP)) return false;
  return hasStaffRole({ roles: groups.filter((group): group is Role => typeof group === "string") });
}
