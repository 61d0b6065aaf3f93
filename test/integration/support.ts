import { randomUUID } from "node:crypto";
import { inject } from "vitest";
import { authenticatorCode, enrolAuthenticator } from "../../infra/local/authenticator";
import { cognitoDataDir, createLogin } from "../../infra/local/cognito";
import { invoke } from "../../infra/local/adapter";
import { loadSettings } from "../../infra/local/settings";
import { AUTHENTICATOR_CODE_REQUIRED } from "../../packages/core/src/shared/accounts";

export interface Answer<T = any> {
  status: number;
  headers: Record<string, string>;
  body: T;
}

/** One call through the route table and the real handler, as API Gateway would make it. */
export async function call<T = any>(
  method: string,
  url: string,
  options: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { "content-type": "application/json", ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const raw = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const result = await invoke({ method, url, headers, body: raw === undefined ? undefined : Buffer.from(raw) });
  if (!result) return { status: 404, headers: {}, body: { message: "Not found" } as T };
  let body: unknown = result.body;
  if ((result.headers["content-type"] ?? "").includes("json")) body = JSON.parse(result.body);
  return { status: result.statusCode, headers: result.headers, body: body as T };
}

/**
 * Signs in through POST /api/auth/local; an account with an authenticator app (every staff login: the seed's, and
 * `newCustomer`'s with a staff group) gives its current code, read as its app would show it.
 */
export async function signIn(username: string, password: string): Promise<string> {
  let answer = await call("POST", "/api/auth/local", { body: { username, password } });
  if (answer.status === 401 && answer.body?.code === AUTHENTICATOR_CODE_REQUIRED) {
    const code = authenticatorCode(cognitoDataDir(inject("runDir")), inject("userPoolId"), username);
    answer = await call("POST", "/api/auth/local", { body: { username, password, code } });
  }
  if (answer.status !== 200) throw new Error(`sign-in of ${username} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.idToken as string;
}

export const seed = loadSettings().seed;

export interface TestUser {
  username: string;
  token: string;
}

/** A brand-new customer login in cognito-local (no user item yet), signed in. */
export async function newCustomer(
  groups: string[] = [],
  options: { email?: string; emailVerified?: boolean } = {},
): Promise<TestUser & { sub: string; email: string }> {
  const username = `player-${randomUUID().slice(0, 8)}@regrip.test`;
  const email = options.email ?? username;
  const password = "TestPass123";
  const sub = await createLogin(inject("cognitoPort"), inject("userPoolId"), {
    username,
    password,
    email,
    emailVerified: options.emailVerified,
    groups,
  });
  // Staff sign in with an authenticator app (packages/core/src/actor): set up as the sign-in page does.
  if (groups.some((group) => group === "ADMIN" || group === "EMPLOYEE")) {
    await enrolAuthenticator(inject("cognitoPort"), inject("userPoolId"), { username, password });
  }
  return { username, email, sub, token: await signIn(username, password) };
}
