/**
 * The local server's own guards, against a stand-in for cognito-local that
 * records what reaches it (test/local/hardening.test.ts meets the same through
 * `npm start`).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLocalServer, decodedPath, MAX_BODY_BYTES, TOO_LARGE_MESSAGE } from "./server";

const webDist = mkdtempSync(join(tmpdir(), "regrip-server-web-"));
writeFileSync(join(webDist, "index.html"), "<!doctype html><title>Regrip</title>");

let upstream: Server;
let shop: Server;
let port: number;
let reached: { target: string | undefined; body: string }[] = [];

beforeAll(async () => {
  upstream = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk));
    req.on("end", () => {
      reached.push({ target: req.headers["x-amz-target"] as string | undefined, body });
      res.writeHead(200, {
        "content-type": "application/x-amz-json-1.1",
        "access-control-allow-origin": "*",
        "access-control-allow-headers": "*",
      });
      res.end(JSON.stringify({ ok: true }));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  shop = createLocalServer({ webDist, webConfig: {}, cognitoPort: (upstream.address() as AddressInfo).port });
  await new Promise<void>((resolve) => shop.listen(0, "127.0.0.1", resolve));
  port = (shop.address() as AddressInfo).port;
});

afterAll(async () => {
  for (const server of [shop, upstream]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  rmSync(webDist, { recursive: true, force: true });
});

beforeEach(() => {
  reached = [];
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: any;
}

function send(method: string, path: string, headers: Record<string, string> = {}, body?: Buffer | string, chunks = 0): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request({ host: "127.0.0.1", port, method, path, headers }, (res) => {
      answered = true;
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk));
      res.once("end", () => {
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // kept as text
        }
        resolve({ status: res.statusCode!, headers: res.headers, body: parsed });
      });
    });
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    if (chunks > 0) {
      // A chunked body of `chunks` x 1 MB, written as the socket takes it.
      const mb = Buffer.alloc(1024 * 1024, "x");
      let written = 0;
      const write = () => {
        while (written < chunks && !answered && !req.destroyed) {
          written++;
          if (!req.write(mb)) return void req.once("drain", write);
        }
        if (!req.destroyed) req.end();
      };
      write();
    } else {
      req.end(body);
    }
  });
}

const cognito = (operation: string, extra: Record<string, string> = {}) =>
  send(
    "POST",
    "/cognito/",
    { "content-type": "application/x-amz-json-1.1", "x-amz-target": `AWSCognitoIdentityProviderService.${operation}`, ...extra },
    JSON.stringify({ UserPoolId: "local_x", Username: "casey@regrip.test", GroupName: "ADMIN" }),
  );

describe("/cognito/", () => {
  it.each(["AdminAddUserToGroup", "AdminConfirmSignUp", "AdminCreateUser", "ListUsers", "CreateUserPool", "UpdateUserAttributes"])(
    "answers %s with 403 and never forwards it",
    async (operation) => {
      const answer = await cognito(operation);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ message: expect.any(String) });
      expect(reached).toEqual([]);
    },
  );

  it("forwards InitiateAuth, without cognito-local's CORS headers, and with no cookie or authorization of the browser's", async () => {
    const answer = await cognito("InitiateAuth", { cookie: "session=secret", authorization: "Bearer x" });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
    expect(reached).toEqual([{ target: "AWSCognitoIdentityProviderService.InitiateAuth", body: expect.stringContaining("casey") }]);
    expect(Object.keys(answer.headers).filter((name) => name.startsWith("access-control-"))).toEqual([]);
  });

  it("takes POST / only", async () => {
    expect((await send("GET", "/cognito/")).status).toBe(405);
    expect((await send("OPTIONS", "/cognito/")).status).toBe(405);
    expect((await send("POST", "/cognito/local_x/.well-known/jwks.json", { "x-amz-target": "AWSCognitoIdentityProviderService.InitiateAuth" })).status).toBe(404);
    expect(reached).toEqual([]);
  });
});

describe("malformed paths", () => {
  it("answers a malformed %-escape with 400 and a message, and goes on serving", async () => {
    for (const path of ["/%ZZ", "/assets/%ZZ.js", "/%E0%A4%A", "/cognito/%ZZ"]) {
      const answer = await send("GET", path);
      expect(answer.status, path).toBe(400);
      expect(answer.body.message, path).toEqual(expect.any(String));
    }
    expect((await send("GET", "/booking")).status).toBe(200);
  });

  it("decodes well-formed paths", () => {
    expect(decodedPath("/a%20b?x=%ZZ")).toBe("/a b");
    expect(decodedPath("/%ZZ")).toBeNull();
  });
});

describe("body size", () => {
  it("refuses a body announced over 10 MB with 413 before running anything", async () => {
    for (const path of ["/api/book-service", "/webhooks/stripe", "/local-pay/cs_x/pay"]) {
      const answer = await send("POST", path, { "content-length": String(MAX_BODY_BYTES + 1) });
      expect(answer.status, path).toBe(413);
      expect(answer.body, path).toEqual({ message: TOO_LARGE_MESSAGE });
    }
  });

  it("refuses a chunked body with 413 once it passes 10 MB", async () => {
    for (const path of ["/api/book-service", "/webhooks/stripe"]) {
      const answer = await send("POST", path, { "content-type": "application/json" }, undefined, 64);
      expect(answer.status, path).toBe(413);
      expect(answer.body, path).toEqual({ message: TOO_LARGE_MESSAGE });
    }
  });
});
