import { isAdmin, isStaff } from "@regrip/core/actor";
import { createServer, type Server } from "node:http";
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env } from "../../../../infra/env";
import { JwksUnavailableError } from "./jwt";
import { bearerToken, InvalidTokenError, verifyIdToken } from "./token";

// A real issuer on loopback serving a real JWKS, so verification runs end to end.
let server: Server;
let issuer: string;
type Key = Awaited<ReturnType<typeof generateKeyPair>>["privateKey"];
let privateKey: Key;
let otherKey: Key;
let publicJwk: JWK;
const clientId = "web-client";

beforeAll(async () => {
  const pair = await generateKeyPair("RS256");
  privateKey = pair.privateKey;
  otherKey = (await generateKeyPair("RS256")).privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: "k1", alg: "RS256", use: "sig" };
  publicJwk = jwk;
  server = createServer((req, res) => {
    if (req.url?.endsWith("/.well-known/jwks.json")) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ keys: [jwk] }));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  issuer = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/pool_1`;
  process.env[env.issuer] = issuer;
  process.env[env.userPoolClientId] = clientId;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function token(claims: Record<string, unknown> = {}, options: { key?: Key; exp?: string | number; iss?: string; aud?: string } = {}) {
  return new SignJWT({ token_use: "id", "cognito:username": "casey", email: "casey@regrip.test", ...claims })
    .setProtectedHeader({ alg: "RS256", kid: "k1" })
    .setSubject("sub-123")
    .setIssuer(options.iss ?? issuer)
    .setAudience(options.aud ?? clientId)
    .setIssuedAt()
    .setExpirationTime(options.exp ?? "1h")
    .sign(options.key ?? privateKey);
}

describe("verifyIdToken", () => {
  it("accepts a valid ID token and maps groups to roles", async () => {
    const actor = await verifyIdToken(await token({ "cognito:groups": ["EMPLOYEE", "SOMETHING_ELSE"], given_name: "Casey" }));
    expect(actor).toMatchObject({
      type: "user",
      userId: "sub-123",
      username: "casey",
      email: "casey@regrip.test",
      givenName: "Casey",
      roles: ["CUSTOMER", "EMPLOYEE"],
      authenticator: false,
      authenticatorRequired: true,
    });
  });

  it("trusts staff roles only with the authenticator group; a customer never needs it", async () => {
    const staff = await verifyIdToken(await token({ "cognito:groups": ["ADMIN", "MFA"] }));
    expect(staff).toMatchObject({ roles: ["CUSTOMER", "ADMIN"], authenticator: true });
    expect(staff.authenticatorRequired).toBeUndefined();
    expect(isAdmin(staff)).toBe(true);
    const unprotected = await verifyIdToken(await token({ "cognito:groups": ["ADMIN"] }));
    expect([isStaff(unprotected), isAdmin(unprotected)]).toEqual([false, false]);
    const customer = await verifyIdToken(await token({ "cognito:groups": ["MFA"] }));
    expect(customer).toMatchObject({ roles: ["CUSTOMER"], authenticator: true });
    expect(customer.authenticatorRequired).toBeUndefined();
    expect((await verifyIdToken(await token({}))).authenticatorRequired).toBeUndefined();
  });

  it("refuses an expired token", async () => {
    await expect(verifyIdToken(await token({}, { exp: Math.floor(Date.now() / 1000) - 60 }))).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it("refuses a token signed by another key", async () => {
    await expect(verifyIdToken(await token({}, { key: otherKey }))).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it("refuses another issuer and another client", async () => {
    await expect(verifyIdToken(await token({}, { iss: "http://evil.example/pool_1" }))).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(verifyIdToken(await token({}, { aud: "other-client" }))).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it("refuses an access token where an ID token is expected", async () => {
    await expect(verifyIdToken(await token({ token_use: "access" }))).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it("refuses garbage", async () => {
    await expect(verifyIdToken("not-a-jwt")).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(verifyIdToken("a.b.c")).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it("refuses a token whose payload was changed after signing", async () => {
    const [header, , signature] = (await token()).split(".");
    const forged = Buffer.from(JSON.stringify({ sub: "someone-else", token_use: "id", iss: issuer, aud: clientId, exp: 9e9 })).toString("base64url");
    await expect(verifyIdToken(`${header}.${forged}.${signature}`)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it("accepts RS256 only: no unsigned token, no HMAC keyed with the public key", async () => {
    const claims = { sub: "sub-123", token_use: "id", iss: issuer, aud: clientId, exp: Math.floor(Date.now() / 1000) + 600 };
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const unsigned = `${encode({ alg: "none", kid: "k1" })}.${encode(claims)}.`;
    await expect(verifyIdToken(unsigned)).rejects.toBeInstanceOf(InvalidTokenError);
    const hs = await new SignJWT(claims).setProtectedHeader({ alg: "HS256", kid: "k1" }).sign(new TextEncoder().encode(JSON.stringify(publicJwk)));
    await expect(verifyIdToken(hs)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it("refuses a key the issuer does not publish", async () => {
    const unknown = await new SignJWT({ token_use: "id" })
      .setProtectedHeader({ alg: "RS256", kid: "not-published" })
      .setSubject("sub-123")
      .setIssuer(issuer)
      .setAudience(clientId)
      .setExpirationTime("1h")
      .sign(otherKey);
    await expect(verifyIdToken(unknown)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it("says the keys are unavailable (not that the token is bad) when the issuer does not answer", async () => {
    const down = "http://127.0.0.1:9/pool_down";
    process.env[env.issuer] = down;
    try {
      const error = await verifyIdToken(await token({}, { iss: down })).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(JwksUnavailableError);
      expect(error).not.toBeInstanceOf(InvalidTokenError);
    } finally {
      process.env[env.issuer] = issuer;
    }
  });
});

describe("bearerToken", () => {
  it("reads the Authorization header", () => {
    expect(bearerToken("Bearer abc.def.ghi")).toBe("abc.def.ghi");
    expect(bearerToken("bearer   xyz")).toBe("xyz");
    expect(bearerToken("Basic abc")).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});
