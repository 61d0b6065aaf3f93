/**
 * The local shop under attack, met as an attacker would meet `npm start`:
 *
 * - it listens on loopback only (HOST), and so does cognito-local; DynamoDB Local, which binds every
 *   interface, answers loopback clients only (a Java security policy, infra/local/dynamo.ts);
 * - `/cognito/` forwards only what the browser calls, never an Admin* operation, with no wildcard CORS;
 * - a malformed request never stops it, and Ctrl-C finishes even with a half-sent request open;
 * - bodies over API Gateway's 10 MB limit get 413, whether announced by Content-Length or chunked.
 */
import { AdminListGroupsForUserCommand } from "@aws-sdk/client-cognito-identity-provider";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { connect, type Socket } from "node:net";
import { networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cognitoClient } from "../../infra/local/cognito";
import { lastJavaWithSecurityManager } from "../../infra/local/dynamo";
import { assertJava } from "../../infra/local/processes";
import { loadSettings } from "../../infra/local/settings";
import { startShopProcess, type ShopProcess } from "../../scripts/lib/shop-process";
import { ownShopEnv, processesUsing } from "./support";

const dataDir = mkdtempSync(join(tmpdir(), "regrip-hardening-"));
let env: Record<string, string>;
let shop: ShopProcess | undefined;

beforeAll(async () => {
  env = await ownShopEnv(dataDir);
  // No HOST of our own (an empty one overrides any the test runner has): the default must be loopback.
  shop = await startShopProcess({ ...env, HOST: "" });
}, 240_000);

afterAll(async () => {
  await shop?.stop("SIGINT");
  rmSync(dataDir, { recursive: true, force: true });
});

/** Answers whether a TCP connection to host:port is accepted within a second. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 1000 });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(false));
  });
}

/** An IPv4 address of this machine that is not loopback, if it has one. */
const outward = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === "IPv4" && !a.internal)?.address;

describe("binding", () => {
  it.skipIf(!outward)(`answers on 127.0.0.1 only, not on this machine's other address (${outward ?? "none: skipped, this machine has no non-loopback IPv4 address"})`, async () => {
    expect(await accepts("127.0.0.1", Number(env.PORT))).toBe(true);
    expect(await accepts(outward!, Number(env.PORT))).toBe(false);
    // cognito-local too: only the shop reaches it.
    expect(await accepts("127.0.0.1", Number(env.COGNITO_PORT))).toBe(true);
    expect(await accepts(outward!, Number(env.COGNITO_PORT))).toBe(false);
  });
});

const customer = loadSettings().seed.customer;

/** This machine's IPv6 address that is not loopback nor link-local, if it has one. */
const outward6 = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === "IPv6" && !a.internal && !a.address.toLowerCase().startsWith("fe80"))?.address;

/**
 * A DynamoDB ListTables sent to DynamoDB Local on loopback, from `localAddress` as the connection's source:
 * the answer's status and body, or `none` when the connection closed with no answer.
 */
function askDynamo(host: string, localAddress?: string): Promise<{ status: number; body: string } | "none"> {
  return new Promise((resolve) => {
    const req = request(
      {
        host,
        localAddress,
        port: Number(env.DYNAMODB_PORT),
        method: "POST",
        path: "/",
        headers: {
          "content-type": "application/x-amz-json-1.0",
          "x-amz-target": "DynamoDB_20120810.ListTables",
          authorization: "AWS4-HMAC-SHA256 Credential=regriplocal/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=00",
        },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.once("end", () => resolve({ status: res.statusCode!, body }));
        res.once("error", () => resolve({ status: res.statusCode!, body }));
      },
    );
    req.setTimeout(5000, () => req.destroy(new Error("no answer within 5 s")));
    req.once("error", () => resolve("none"));
    req.end("{}");
  });
}

const java = assertJava();

describe("DynamoDB Local", () => {
  it.skipIf(java > lastJavaWithSecurityManager)(
    `answers loopback clients only (Java ${java}; from Java ${lastJavaWithSecurityManager + 1} on it cannot be held to loopback and this is skipped)`,
    async () => {
      const fromLoopback = await askDynamo("127.0.0.1");
      expect(fromLoopback).toMatchObject({ status: 200, body: expect.stringContaining("TableNames") });
      expect(await askDynamo("::1")).toMatchObject({ status: 200 });
      // From this machine's own non-loopback addresses (to loopback, so nothing leaves the machine): closed unanswered.
      if (outward) expect(await askDynamo("127.0.0.1", outward), `from ${outward}`).toBe("none");
      if (outward6) expect(await askDynamo("::1", outward6), `from ${outward6}`).toBe("none");
      if (!outward && !outward6) {
        console.warn("This machine has no non-loopback address: DynamoDB Local is checked from 127.0.0.2 only.");
      }
      // Any source but 127.0.0.1 and ::1 is refused, even elsewhere in 127.0.0.0/8.
      expect(await askDynamo("127.0.0.1", "127.0.0.2"), "from 127.0.0.2").toBe("none");
      // And the shop, which reaches it on 127.0.0.1, goes on working.
      expect((await send("GET", "/api/services")).status).toBe(200);
      expect(await askDynamo("127.0.0.1")).toMatchObject({ status: 200 });
    },
    30_000,
  );
});



interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
  /** Bytes of the request body the client managed to send. */
  sent: number;
}

/**
 * One request through node:http, so an answer that comes before the body is all sent is still seen
 * (the server closing the connection afterwards is expected, not an error). `size` bytes of body are
 * written in 64 KB chunks as the socket takes them; `chunked` leaves Content-Length out.
 */
function send(method: string, path: string, options: { headers?: Record<string, string>; body?: string; size?: number; chunked?: boolean } = {}): Promise<Answer> {
  const body = options.body !== undefined ? Buffer.from(options.body) : undefined;
  const size = body?.length ?? options.size ?? 0;
  const headers: Record<string, string> = { ...options.headers };
  if (!options.chunked && (body || options.size !== undefined)) headers["content-length"] = String(size);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request({ host: "127.0.0.1", port: Number(env.PORT), method, path, headers }, (res) => {
      answered = true;
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      const done = () => {
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // not JSON: kept as text for the failure message
        }
        resolve({ status: res.statusCode!, headers: res.headers, body: parsed, sent });
      };
      res.once("end", done);
      res.once("error", done);
      res.once("aborted", done);
    });
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    req.setTimeout(30_000, () => req.destroy(new Error("no answer within 30 s")));
    if (body) {
      sent = body.length;
      req.end(body);
      return;
    }
    const chunk = Buffer.alloc(64 * 1024, "x");
    // One chunk at a time, back to the event loop between them, so the shop's answer is read as soon as it comes:
    // the shop stops reading a refused body after its linger, and a client writing on unread would wait on it.
    const write = () => {
      if (sent < size && !answered && !req.destroyed) {
        const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += part.length;
        if (!req.write(part)) req.once("drain", write);
        else setImmediate(write);
        return;
      }
      if (!req.destroyed) req.end();
    };
    write();
  });
}

const poolId = () => JSON.parse(readFileSync(join(dataDir, "state.json"), "utf8")).pool.userPoolId as string;
const clientId = () => JSON.parse(readFileSync(join(dataDir, "state.json"), "utf8")).pool.clientId as string;

const cognitoCall = (operation: string, payload: unknown, headers: Record<string, string> = {}) =>
  send("POST", "/cognito/", {
    headers: { "content-type": "application/x-amz-json-1.1", "x-amz-target": `AWSCognitoIdentityProviderService.${operation}`, ...headers },
    body: JSON.stringify(payload),
  });

async function groupsOfCustomer(): Promise<string[]> {
  // Asked of cognito-local directly, on its own port: what the pool really holds.
  const client = cognitoClient(Number(env.COGNITO_PORT));
  try {
    const answer = await client.send(new AdminListGroupsForUserCommand({ UserPoolId: poolId(), Username: customer.username }));
    return (answer.Groups ?? []).map((g) => g.GroupName!);
  } finally {
    client.destroy();
  }
}

describe("/cognito/ pass-through", () => {
  it("refuses AdminAddUserToGroup with 403: a customer cannot make themselves ADMIN", async () => {
    expect(await groupsOfCustomer()).not.toContain("ADMIN");
    const answer = await cognitoCall("AdminAddUserToGroup", { UserPoolId: poolId(), Username: customer.username, GroupName: "ADMIN" });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ message: expect.any(String) });
    expect(await groupsOfCustomer()).not.toContain("ADMIN");
  });

  it("refuses AdminConfirmSignUp, ListUsers, CreateUserPool and a missing target with 403", async () => {
    for (const operation of ["AdminConfirmSignUp", "ListUsers", "CreateUserPool", "AdminSetUserPassword"]) {
      const answer = await cognitoCall(operation, { UserPoolId: poolId(), Username: customer.username, PoolName: "x", Password: "Owned1234" });
      expect(answer.status, operation).toBe(403);
      expect(answer.body.message, operation).toEqual(expect.any(String));
    }
    const untargeted = await send("POST", "/cognito/", { headers: { "content-type": "application/x-amz-json-1.1" }, body: "{}" });
    expect(untargeted.status).toBe(403);
  });

  it("refuses anything but POST / (no way to reach cognito-local's other paths)", async () => {
    expect((await send("GET", "/cognito/")).status).toBe(405);
    expect((await send("GET", `/cognito/${poolId()}/.well-known/jwks.json`)).status).toBe(404);
    const preflight = await send("OPTIONS", "/cognito/", { headers: { origin: "https://evil.example", "access-control-request-method": "POST" } });
    expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("still signs the demo customer in (InitiateAuth), with no wildcard CORS on the answer", async () => {
    const answer = await cognitoCall(
      "InitiateAuth",
      { AuthFlow: "USER_PASSWORD_AUTH", ClientId: clientId(), AuthParameters: { USERNAME: customer.username, PASSWORD: customer.password } },
      { origin: "https://evil.example" },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.AuthenticationResult.IdToken).toEqual(expect.any(String));
    expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
    expect(Object.keys(answer.headers).filter((name) => name.startsWith("access-control-"))).toEqual([]);
  });
});

describe("malformed requests", () => {
  it("answers GET /%ZZ (and under /assets/, /uploads/, /local-pay/) with 400 and a message, and goes on answering", async () => {
    for (const path of ["/%ZZ", "/assets/%ZZ.js", "/uploads/paddles/%ZZ.png", "/local-pay/%ZZ", "/%E0%A4%A"]) {
      const answer = await send("GET", path);
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toEqual({ message: expect.any(String) });
    }
    expect((await send("GET", "/")).status).toBe(200);
    expect((await send("GET", "/api/services")).status).toBe(200);
  });
});

describe("request size (API Gateway's 10 MB)", () => {
  const twelveMb = 12 * 1024 * 1024;

  it("answers 413 to a 12 MB body announced by Content-Length, without reading it", async () => {
    for (const path of ["/api/book-service", "/webhooks/stripe", "/local-pay/cs_local_x/pay"]) {
      const answer = await send("POST", path, { headers: { "content-type": "application/json" }, size: twelveMb });
      expect(answer.status, path).toBe(413);
      expect(answer.body, path).toEqual({ message: "The request is too large." });
    }
  });

  it("answers 413 to a chunked body once it passes 10 MB, and stops reading it", async () => {
    for (const path of ["/api/book-service", "/webhooks/stripe"]) {
      // Up to 200 MB offered: the shop must close the connection long before.
      const answer = await send("POST", path, { headers: { "content-type": "application/json" }, size: 200 * 1024 * 1024, chunked: true });
      expect(answer.status, path).toBe(413);
      expect(answer.body, path).toEqual({ message: "The request is too large." });
      expect(answer.sent, path).toBeLessThan(40 * 1024 * 1024);
    }
    // The payment page's forms post nothing: a body with no length is refused at once.
    const pay = await send("POST", "/local-pay/cs_local_x/pay", { size: 200 * 1024 * 1024, chunked: true });
    expect(pay.status).toBe(411);
    expect(pay.sent).toBeLessThan(40 * 1024 * 1024);
  });

  it("still takes a 1 KB body", async () => {
    const signIn = await send("POST", "/api/auth/local", { body: JSON.stringify({ username: customer.username, password: customer.password }) });
    expect(signIn.status).toBe(200);
    const booking = await send("POST", "/api/book-service", {
      headers: { "content-type": "application/json", authorization: `Bearer ${signIn.body.idToken}` },
      body: JSON.stringify({ notes: "x".repeat(1024) }),
    });
    // The handler read it: its own validation answers, not the size limit.
    expect(booking.status).toBe(400);
    expect(booking.body.message).not.toBe("The request is too large.");
  });
});

describe("Ctrl-C", () => {
  it("finishes within a few seconds with half-sent requests open, and leaves no child behind", async () => {
    const half = (text: string) =>
      new Promise<Socket>((resolve, reject) => {
        const socket = connect({ host: "127.0.0.1", port: Number(env.PORT) }, () => {
          socket.write(text);
          resolve(socket);
        });
        socket.once("error", reject);
      });
    const sockets = [
      await half("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Half: "),
      await half("POST /api/book-service HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"no"),
    ];
    for (const socket of sockets) socket.on("error", () => undefined);
    await new Promise((r) => setTimeout(r, 500));
    const began = performance.now();
    await shop!.stop("SIGINT");
    const seconds = (performance.now() - began) / 1000;
    shop = undefined;
    sockets.forEach((socket) => socket.destroy());
    expect(seconds).toBeLessThan(10);
    expect(processesUsing(dataDir)).toEqual([]);
  });
});
