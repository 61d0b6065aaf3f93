import { describe, expect, it } from "vitest";
import { isExpired, jwtClaims, readStoredSession } from "./stored-session";

const clientId = "client1";
const base64Url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const jwt = (claims: Record<string, unknown>) => `${base64Url({ alg: "RS256" })}.${base64Url(claims)}.signature`;

function storage(entries: Record<string, string>) {
  return { getItem: (key: string) => entries[key] ?? null };
}

const prefix = `CognitoIdentityServiceProvider.${clientId}`;
const token = jwt({ sub: "u1", email: "casey@regrip.test", given_name: "Zoë", exp: 2_000_000_000 });

describe("readStoredSession", () => {
  it("reads the last user's ID token, its claims and expiry, and Amplify's clock drift", () => {
    const session = readStoredSession(
      storage({ [`${prefix}.LastAuthUser`]: "casey", [`${prefix}.casey.idToken`]: token, [`${prefix}.casey.clockDrift`]: "-1200" }),
      clientId,
    );
    expect(session).toMatchObject({ username: "casey", idToken: token, expiresAt: 2_000_000_000_000, clockDrift: -1200 });
    expect(session?.claims).toMatchObject({ sub: "u1", given_name: "Zoë" });
  });

  it("is undefined when nobody signed in, for another client, or when the token is not a JWT", () => {
    expect(readStoredSession(storage({}), clientId)).toBeUndefined();
    expect(readStoredSession(storage({ [`${prefix}.LastAuthUser`]: "casey" }), clientId)).toBeUndefined();
    const signedIn = storage({ [`${prefix}.LastAuthUser`]: "casey", [`${prefix}.casey.idToken`]: token });
    expect(readStoredSession(signedIn, "other-client")).toBeUndefined();
    expect(readStoredSession(signedIn, undefined)).toBeUndefined();
    expect(readStoredSession(undefined, clientId)).toBeUndefined();
    for (const bad of ["not-a-jwt", "a.b.c", jwt({ sub: "u1" })]) {
      expect(readStoredSession(storage({ [`${prefix}.LastAuthUser`]: "casey", [`${prefix}.casey.idToken`]: bad }), clientId)).toBeUndefined();
    }
  });

  it("is undefined when storage throws (blocked by the browser)", () => {
    const blocked = {
      getItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
    };
    expect(readStoredSession(blocked, clientId)).toBeUndefined();
  });
});

describe("isExpired", () => {
  it("counts a token as expired 5 s early, as Amplify does, allowing for clock drift", () => {
    const expiresAt = 1_000_000;
    expect(isExpired({ expiresAt, clockDrift: 0 }, expiresAt - 5_001)).toBe(false);
    expect(isExpired({ expiresAt, clockDrift: 0 }, expiresAt - 4_999)).toBe(true);
    expect(isExpired({ expiresAt, clockDrift: 10_000 }, expiresAt - 10_000)).toBe(true);
    expect(isExpired({ expiresAt, clockDrift: -10_000 }, expiresAt)).toBe(false);
  });
});

describe("jwtClaims", () => {
  it("decodes base64url payloads, UTF-8 included", () => {
    expect(jwtClaims(token)).toMatchObject({ given_name: "Zoë" });
    expect(jwtClaims(`x.${base64Url([1])}.y`)).toBeUndefined();
  });
});
