import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  NotAuthorizedException,
  UserNotFoundException,
} from "@aws-sdk/client-cognito-identity-provider";
import { randomBytes, randomUUID } from "node:crypto";
import { appendFileSync } from "node:fs";
import { env } from "../env";
import { installCognitoStandIn } from "../../packages/core/src/identity/client";

/**
 * What the user pool does in the cloud and cognito-local 5.3.0 does not, for the shop's own server-side calls (the
 * browser's calls go through cognito-gate.ts, which does the same for them):
 *
 * - AdminCreateUser without a password of the caller's (a staff invite): the pool emails the temporary password it
 *   made. cognito-local only prints it; here the invitation goes to the email outbox (`EMAIL_OUTBOX_FILE`), as the
 *   gate sends the confirmation and reset codes. The stand-in chooses the temporary password (as the cloud pool does
 *   itself) and hands it to cognito-local, so it never reads cognito-local's data file for it.
 * - A disabled account's sign-in (InitiateAuth, AdminInitiateAuth, a refresh) is refused with Cognito's
 *   NotAuthorizedException "User is disabled.": cognito-local signs a disabled user in.
 * - AdminUserGlobalSignOut, which cognito-local does not know, is answered as done: a disabled account cannot refresh
 *   (above), and the shop refuses its remaining tokens itself (packages/core/src/staff/switched-off.ts).
 *
 * Installed by the local runtime (`npm start`, the integration tests) on the identity module's one client.
 */
export const INVITATION_SUBJECT = "Your Regrip staff account";
export const USER_DISABLED = "User is disabled.";

/** Whether the pool holds `username` disabled (an unknown username is not: the sign-in answers it as usual). */
export async function isDisabled(client: CognitoIdentityProviderClient, userPoolId: string, username: string): Promise<boolean> {
  try {
    const user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }));
    return user.Enabled === false;
  } catch (error) {
    if (error instanceof UserNotFoundException) return false;
    throw error;
  }
}

/** A temporary password the pool's policy accepts (the cloud pool makes its own). */
export function temporaryPassword(): string {
  return `Tmp${randomBytes(6).toString("base64url").replace(/[^A-Za-z0-9]/g, "x")}7a`;
}

/** The invitation the pool would email: who it is for, their username and the temporary password. */
export function invitationEmail(to: string, username: string, password: string) {
  return {
    to,
    subject: INVITATION_SUBJECT,
    body: `You have a Regrip staff account. Your username is ${username} and your temporary password is ${password}. Sign in on the shop's /login page to choose your own password.`,
  };
}

type MiddlewareStack = { add(middleware: unknown, options: { step: "initialize"; name: string }): void; remove(name: string): boolean };

export function localCognitoStandIn() {
  return (client: CognitoIdentityProviderClient) => {
    // Its own client for the checks, so they do not pass through this middleware again.
    let checks: CognitoIdentityProviderClient | undefined;
    const checker = () => (checks ??= new CognitoIdentityProviderClient({ region: process.env.AWS_REGION || "us-east-1" }));
    const middleware = (next: (args: { input: Record<string, unknown> }) => Promise<unknown>, context: { commandName?: string }) =>
      async (args: { input: Record<string, unknown> }) => {
        const command = context.commandName ?? "";
        const input = args.input;
        if (command === "AdminUserGlobalSignOutCommand") return { output: { $metadata: {} }, response: {} };
        if (command === "InitiateAuthCommand" || command === "AdminInitiateAuthCommand") {
          const username = (input.AuthParameters as Record<string, unknown> | undefined)?.USERNAME;
          if (typeof username === "string" && (await isDisabled(checker(), process.env[env.userPoolId] ?? "", username))) {
            throw new NotAuthorizedException({ message: USER_DISABLED, $metadata: {} });
          }
        }
        const invitation = command === "AdminCreateUserCommand" && input.MessageAction !== "SUPPRESS" && !input.TemporaryPassword;
        const password = invitation ? temporaryPassword() : undefined;
        const result = await next(password ? { ...args, input: { ...input, TemporaryPassword: password } } : args);
        if (password) {
          const attributes = (input.UserAttributes ?? []) as { Name?: string; Value?: string }[];
          const username = String(input.Username ?? "");
          const to = attributes.find((a) => a.Name === "email")?.Value ?? username;
          const outbox = process.env[env.emailOutboxFile];
          if (outbox) appendFileSync(outbox, `${JSON.stringify({ id: `email-outbox-${randomUUID()}`, ...invitationEmail(to, username, password), at: new Date().toISOString() })}\n`);
        }
        return result;
      };
    const stack = client.middlewareStack as unknown as MiddlewareStack;
    // Installed again by each test file of a worker (test/integration/setup-env.ts): the newest one stands.
    stack.remove("regripLocalCognito");
    stack.add(middleware, { step: "initialize", name: "regripLocalCognito" });
  };
}

/** Installs the stand-in on the identity module's client (and any made later). */
export function installLocalCognito(): void {
  installCognitoStandIn(localCognitoStandIn());
}
