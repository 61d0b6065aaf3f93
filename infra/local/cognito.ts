import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
  ListGroupsCommand,
  ListUserPoolsCommand,
  SetUserPoolMfaConfigCommand,
  UsernameExistsException,
} from "@aws-sdk/client-cognito-identity-provider";
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { poolGroups, userPool } from "../auth";
import { localAwsEnv } from "./dynamo";
import { StartupError, waitUntil } from "./processes";

export interface LocalPool {
  userPoolId: string;
  clientId: string;
}

/** cognito-local listens on loopback only (HOST below): nothing but this machine's shop reaches it. */
export const cognitoHost = "127.0.0.1";

export function cognitoEndpoint(port: number): string {
  return `http://${cognitoHost}:${port}`;
}

/** cognito-local names its issuer after the host and port it was started with. */
export function cognitoIssuer(port: number, userPoolId: string): string {
  return `${cognitoEndpoint(port)}/${userPoolId}`;
}

export function cognitoClient(port: number): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    endpoint: cognitoEndpoint(port),
    region: localAwsEnv.AWS_REGION,
    credentials: { accessKeyId: localAwsEnv.AWS_ACCESS_KEY_ID, secretAccessKey: localAwsEnv.AWS_SECRET_ACCESS_KEY },
  });
}

/** Starts cognito-local with its data (`.cognito/`) under `dir`. */
export async function startCognito(port: number, dir: string): Promise<ChildProcess> {
  // cognito-local makes every new pool "sign in with email" unless told otherwise;
  // ours, like the Auth stack's, takes plain usernames (staff) as well as emails.
  mkdirSync(join(dir, ".cognito"), { recursive: true });
  const config = join(dir, ".cognito", "config.json");
  if (!existsSync(config)) writeFileSync(config, JSON.stringify({ UserPoolDefaults: { UsernameAttributes: [] } }, null, 2));
  const bin = createRequire(import.meta.url).resolve("cognito-local/lib/bin/start.js");
  const child = spawn(process.execPath, [bin], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), HOST: cognitoHost },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new StartupError(`cognito-local exited (code ${code}): ${log.trim().split("\n").pop() ?? ""}`))),
  );
  exited.catch(() => undefined);
  const client = cognitoClient(port);
  await Promise.race([
    waitUntil("cognito-local", async () => (await client.send(new ListUserPoolsCommand({ MaxResults: 1 }))) !== undefined, 30_000),
    exited,
  ]);
  client.destroy();
  return child;
}

/**
 * The same pool, client and groups as the Auth stack, created once; `known`
 * is the pool remembered from an earlier start, reused while it still exists.
 */
export async function ensurePool(port: number, known: LocalPool | undefined): Promise<LocalPool> {
  const client = cognitoClient(port);
  try {
    if (known) {
      const exists = await client
        .send(new DescribeUserPoolCommand({ UserPoolId: known.userPoolId }))
        .then(() => true)
        .catch(() => false);
      // A pool made by an older start gets what was added since (two-step sign-in, its group).
      if (exists) {
        await settlePool(client, known.userPoolId);
        return known;
      }
    }
    const pool = await client.send(
      new CreateUserPoolCommand({
        PoolName: "regrip-local",
        Policies: {
          PasswordPolicy: {
            MinimumLength: userPool.passwordPolicy.minLength,
            RequireLowercase: userPool.passwordPolicy.requireLowercase,
            RequireUppercase: userPool.passwordPolicy.requireUppercase,
            RequireNumbers: userPool.passwordPolicy.requireDigits,
            RequireSymbols: userPool.passwordPolicy.requireSymbols,
          },
        },
      }),
    );
    const userPoolId = pool.UserPool!.Id!;
    const appClient = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: "web",
        ExplicitAuthFlows: ["ALLOW_USER_PASSWORD_AUTH", "ALLOW_USER_SRP_AUTH", "ALLOW_REFRESH_TOKEN_AUTH"],
      }),
    );
    await settlePool(client, userPoolId);
    return { userPoolId, clientId: appClient.UserPoolClient!.ClientId! };
  } finally {
    client.destroy();
  }
}

/** The pool's two-step sign-in (infra/auth.ts `mfa`) and its groups, as the Auth stack makes them; idempotent. */
async function settlePool(client: CognitoIdentityProviderClient, userPoolId: string): Promise<void> {
  await client.send(
    new SetUserPoolMfaConfigCommand({
      UserPoolId: userPoolId,
      MfaConfiguration: userPool.mfa.configuration,
      SoftwareTokenMfaConfiguration: { Enabled: userPool.mfa.totp },
    }),
  );
  // Only the missing ones: cognito-local's CreateGroup would replace a group, its members with it.
  const existing = await client.send(new ListGroupsCommand({ UserPoolId: userPoolId, Limit: 60 }));
  const names = new Set((existing.Groups ?? []).map((group) => group.GroupName));
  for (const group of poolGroups) {
    if (!names.has(group)) await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: group }));
  }
}

export interface NewLogin {
  username: string;
  password: string;
  email: string;
  /** Whether the pool holds the email as verified (default: yes, as a confirmed sign-up does). */
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
  phone?: string;
  groups?: readonly string[];
}

/** Creates a confirmed login with a permanent password; answers its `sub`. */
export async function createLogin(port: number, userPoolId: string, login: NewLogin): Promise<string> {
  const client = cognitoClient(port);
  try {
    const attributes = [
      { Name: "email", Value: login.email },
      // Left out rather than "false" for an unverified email: cognito-local turns the attribute into the
      // token's claim with Boolean(), so its "false" would read as verified.
      ...(login.emailVerified === false ? [] : [{ Name: "email_verified", Value: "true" }]),
      ...(login.givenName ? [{ Name: "given_name", Value: login.givenName }] : []),
      ...(login.familyName ? [{ Name: "family_name", Value: login.familyName }] : []),
    ];
    let created;
    try {
      created = await client.send(
        new AdminCreateUserCommand({
          UserPoolId: userPoolId,
          Username: login.username,
          UserAttributes: attributes,
          MessageAction: "SUPPRESS",
          TemporaryPassword: login.password,
        }),
      );
    } catch (error) {
      if (error instanceof UsernameExistsException) throw new StartupError(`Login ${login.username} already exists.`);
      throw error;
    }
    await client.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: userPoolId,
        Username: login.username,
        Password: login.password,
        Permanent: true,
      }),
    );
    for (const group of login.groups ?? []) {
      await client.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: login.username, GroupName: group }));
    }
    const sub = created.User?.Attributes?.find((a) => a.Name === "sub")?.Value;
    if (!sub) throw new Error(`cognito-local returned no sub for ${login.username}`);
    return sub;
  } finally {
    client.destroy();
  }
}

/**
 * The user pool operations the web app's Amplify calls (packages/web/src/auth): the only ones the
 * shop's `/cognito/` pass-through forwards. Each is one the real Cognito answers without AWS
 * credentials, to anyone (sign-up, sign-in) or to the holder of the user's own tokens. Every Admin*
 * operation, ListUsers, CreateUserPool and the rest need AWS credentials in the cloud, which
 * cognito-local does not check: forwarding them would let anyone who reaches the port make
 * themselves ADMIN. A new Amplify call in the web app adds its operation here.
 */
export const browserCognitoOperations: ReadonlySet<string> = new Set(
  [
    "InitiateAuth", // signIn (USER_PASSWORD_AUTH)
    "RespondToAuthChallenge", // signIn's challenges
    "SignUp", // signUp
    "ConfirmSignUp", // confirmSignUp
    "GetUser", // fetchUserAttributes (the user's own, with their access token)
    "ResendConfirmationCode", // resendSignUpCode (answered by the pass-through itself: infra/local/cognito-gate.ts)
    "GetTokensFromRefreshToken", // fetchAuthSession refreshing the tokens
    "RevokeToken", // signOut
    "AssociateSoftwareToken", // setUpTOTP (an authenticator app's secret, with the user's own access token)
    "VerifySoftwareToken", // verifyTOTPSetup (the app's first code)
    "SetUserMFAPreference", // updateMFAPreference (two-step sign-in on or off)
    "ForgotPassword", // resetPassword ("Forgot password?": the code goes to the email outbox, infra/local/cognito-gate.ts)
    "ConfirmForgotPassword", // confirmResetPassword (the code and a new password the gate checks against the policy)
  ].map((operation) => `AWSCognitoIdentityProviderService.${operation}`),
);

export function cognitoDataDir(dataDir: string): string {
  return join(dataDir, "cognito");
}
