/**
 * The user pool, as data: read by the Auth stack and by the local start-up,
 * which creates the same pool, client and groups in cognito-local.
 */
import { passwordPolicy } from "../packages/core/src/shared/accounts";
import { AUTHENTICATOR_GROUP } from "../packages/core/src/shared/roles";

export const roleGroups = ["ADMIN", "EMPLOYEE"] as const;
export type RoleGroup = (typeof roleGroups)[number];
/** Every group of the pool: the roles, then the authenticator group (not a role: who set up an authenticator app). */
export const poolGroups = [...roleGroups, AUTHENTICATOR_GROUP] as const;

export const userPool = {
  id: "Auth",
  /** Customers sign in with their email; staff accounts may use a plain username. */
  usernameAttributes: [] as string[],
  /** Written once in @regrip/core (shared/accounts.ts): the sign-up form and the local stand-in check the same. */
  passwordPolicy,
  /** USER_PASSWORD_AUTH is what POST /api/auth/local and cognito-local speak; SRP is kept for Amplify's hosted flows. */
  authFlows: { userPassword: true, userSrp: true, adminUserPassword: true },
  /**
   * Two-step sign-in: optional in the pool (customers choose it on their profile), by authenticator app only (TOTP;
   * no SMS codes to pay for or intercept). Staff must have it: the server gives staff roles only to a token in the
   * authenticator group (packages/core/src/actor), and the sign-in page sets the app up on their first sign-in.
   */
  mfa: { configuration: "OPTIONAL", totp: true, sms: false },
  tokenValidityMinutes: { access: 60, id: 60 },
  refreshTokenValidityDays: 30,
} as const;
