/**
 * The user pool, as data: read by the Auth stack and by the local start-up,
 * which creates the same pool, client and groups in cognito-local.
 */
import { passwordPolicy } from "../packages/core/src/shared/accounts";

export const roleGroups = ["ADMIN", "EMPLOYEE"] as const;
export type RoleGroup = (typeof roleGroups)[number];

export const userPool = {
  id: "Auth",
  /** Customers sign in with their email; staff accounts may use a plain username. */
  usernameAttributes: [] as string[],
  /** Written once in @regrip/core (shared/accounts.ts): the sign-up form and the local stand-in check the same. */
  passwordPolicy,
  /** USER_PASSWORD_AUTH is what POST /api/auth/local and cognito-local speak; SRP is kept for Amplify's hosted flows. */
  authFlows: { userPassword: true, userSrp: true, adminUserPassword: true },
  tokenValidityMinutes: { access: 60, id: 60 },
  refreshTokenValidityDays: 30,
} as const;
