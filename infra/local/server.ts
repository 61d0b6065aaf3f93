import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { extname, join, normalize, sep } from "node:path";
import { localSecurityHeaders } from "../headers";
import { revalidatedCacheControl, webCacheControl } from "../web-cache";
import { prerenderedFile } from "../prerendered";
import { invoke } from "./adapter";
import { browserCognitoOperations, cognitoHost } from "./cognito";
import { afterForward, beforeForward, readsAnswer, type GateAnswer, type LocalPoolGate } from "./cognito-gate";
import { CompressedCache, isCompressible, sendCompressed } from "./compress";
import { handleOutbox, outboxPath } from "./outbox-page";
import { handleLocalPay, localPayPrefix } from "./payment-page";
import { invokeWebhook } from "./webhooks";
import { handleUploads, uploadsPrefix } from "./uploads";
import { env } from "../env";
import { originSecretHeader, viewerAddressHeader } from "../../packages/functions/src/http/origin";

/**
 * One port for the whole shop, as CloudFront gives one origin in the cloud:
 * `/api/*` runs the Lambda handlers, `/cognito/` reaches cognito-local (so
 * the browser talks to one origin), everything else is the built web app.
 */
export interface LocalServerOptions {
  webDist: string;
  /** Values for the `{{ VITE_X }}` placeholders of the built index.html, as SST fills them at deploy. */
  webConfig: Record<string, string>;
  cognitoPort: number;
  /**
   * The pool the browser's `/cognito/` calls reach, and the data folder: with it, the pass-through does what
   * cognito-local does not and the cloud pool does (infra/local/cognito-gate.ts: the password policy,
   * ResendConfirmationCode, one refusal for a wrong username or password, the email outbox).
   */
  pool?: Omit<LocalPoolGate, "cognitoPort">;
  /** Folder of paddle photos (UPLOADS_DIR), served and written at /uploads/ as S3 and CloudFront do in the cloud. */
  uploadsDir?: string;
}

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

/** API Gateway's payload limit: a larger body never reaches a Lambda in the cloud, so none does here. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;
export const TOO_LARGE_MESSAGE = "The request is too large.";

class BodyTooLarge extends Error {}

/** Reads the body, and stops reading (rejects with BodyTooLarge) as soon as it passes `limit` bytes. */
function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) {
        req.off("data", onData);
        req.pause();
        chunks.length = 0;
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** True when the request announces a body over `limit` bytes in its Content-Length. */
function announcesTooMuch(req: IncomingMessage, limit = MAX_BODY_BYTES): boolean {
  return Number(req.headers["content-length"] ?? 0) > limit;
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

/** What is read (and dropped) of a refused body after the answer, at most, and how long the connection lingers: see refuseBody. */
const LINGER = { bytes: 16 * 1024 * 1024, ms: 2000 };

function refuseTooLarge(req: IncomingMessage, res: ServerResponse) {
  refuseBody(req, res, 413, TOO_LARGE_MESSAGE);
}

/**
 * Answers a refused request whose body may still be arriving, then closes the
 * connection as nginx's lingering close does. Closing at once would reset the
 * connection under a client still sending, and a reset can discard the answer
 * before the client reads it; reading on to the end would read a 300 MB body.
 * So the answer says `connection: close`, the server's side is half-closed
 * once it is out, what still arrives is read and dropped (never kept) up to
 * 16 MB and then no longer read (the sender is held back by TCP, not reset),
 * and the connection is closed when the body ends or after two seconds. A
 * busy client may send 16 MB before it reads the answer; a reset then would
 * lose the answer it has not read yet.
 */
function refuseBody(req: IncomingMessage, res: ServerResponse, status: number, message: string) {
  if (!req.complete) {
    const socket = req.socket as Socket & { destroySoon?: () => void };
    const close = () => {
      clearTimeout(timer);
      if (socket.writableFinished) socket.destroy();
      else socket.once("finish", () => socket.destroy());
    };
    const timer = setTimeout(() => socket.destroy(), LINGER.ms);
    // Node's server ends a `connection: close` answer with destroySoon(), the reset above: half-close instead.
    socket.destroySoon = () => socket.end();
    let dropped = 0;
    req.removeAllListeners("data");
    req.on("data", (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > LINGER.bytes) req.pause();
    });
    req.once("end", close);
    req.resume();
    res.setHeader("connection", "close");
  }
  if (!res.headersSent) sendJson(res, status, { message });
  else res.end();
}

const BAD_PATH_MESSAGE = "The address is not valid: it has a malformed %-escape.";

/** The path of `url` decoded, or null when it holds a malformed %-escape (e.g. `/%ZZ`). */
export function decodedPath(url: string): string | null {
  try {
    return decodeURIComponent(new URL(url, "http://localhost").pathname);
  } catch {
    return null;
  }
}

export function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{ (VITE_[A-Z0-9_]+) \}\}/g, (_, name: string) => values[name] ?? "");
}

/**
 * The headers the API sees from the site, as CloudFront sends them (stacks/Web.ts): with ORIGIN_SECRET set (a test
 * that plays the cloud; `npm start` sets none), the origin secret and the viewer's address, put in place of anything
 * the browser sent under those names. A call of the API's adapter without this server is then a call of the API's
 * own URL, refused (packages/functions/src/http/origin.ts `fromTheSite`).
 */
export function asCloudFront(headers: IncomingMessage["headers"], viewer: string | undefined): IncomingMessage["headers"] {
  const secret = process.env[env.originSecret];
  if (!secret) return headers;
  const { [originSecretHeader]: _secret, [viewerAddressHeader]: _viewer, ...rest } = headers;
  return { ...rest, [originSecretHeader]: secret, ...(viewer ? { [viewerAddressHeader]: viewer.replace(/^::ffff:/, "") } : {}) };
}

export function createLocalServer(options: LocalServerOptions): Server {
  // index.html, or a page prerendered at build time (infra/prerendered.ts), with its placeholders filled.
  const pages = new Map<string, string>();
  const page = (file: string) => {
    let html = pages.get(file);
    if (html === undefined) {
      html = fillPlaceholders(readFileSync(join(options.webDist, file), "utf8"), options.webConfig);
      pages.set(file, html);
    }
    return html;
  };
  // The file (under webDist) whose filled HTML answers a page path.
  const pageFile = (pathname: string) => {
    const prerendered = prerenderedFile(pathname);
    return prerendered && existsSync(join(options.webDist, prerendered)) ? prerendered : "index.html";
  };
  // Text files and pages, brotli- or gzip-compressed once and kept (infra/local/compress.ts).
  const compressed = new CompressedCache();

  async function api(req: IncomingMessage, res: ServerResponse) {
    if (announcesTooMuch(req)) return refuseTooLarge(req, res);
    const result = await invoke({
      method: req.method ?? "GET",
      url: req.url ?? "/",
      headers: asCloudFront(req.headers, req.socket.remoteAddress),
      body: await readBody(req),
      sourceIp: req.socket.remoteAddress,
    });
    if (!result) return sendJson(res, 404, { message: "Not found" });
    await sendCompressed(req, res, result.statusCode, result.headers, Buffer.from(result.body));
  }

  // The user pool's API as the browser reaches it: POST / with an `x-amz-target`, and only the operations
  // the web app calls (browserCognitoOperations); never an Admin* one, which cognito-local would run for anyone.
  async function cognito(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    if (path !== "/cognito/" && path !== "/cognito") return sendJson(res, 404, { message: "Not found" });
    if (req.method !== "POST") {
      res.setHeader("allow", "POST");
      return sendJson(res, 405, { message: "Only POST is allowed here." });
    }
    const target = String(req.headers["x-amz-target"] ?? "");
    if (!browserCognitoOperations.has(target)) {
      return sendJson(res, 403, { message: "This user pool operation is not available from the browser." });
    }
    if (announcesTooMuch(req)) return refuseTooLarge(req, res);
    const body = await readBody(req);
    const gate = options.pool ? { ...options.pool, cognitoPort: options.cognitoPort } : undefined;
    const answerWith = (answer: GateAnswer) => {
      const type = (answer.body as { __type?: string }).__type;
      res.writeHead(answer.status, { "content-type": "application/x-amz-json-1.1", ...(type ? { "x-amzn-errortype": type } : {}) });
      res.end(JSON.stringify(answer.body));
    };
    if (gate) {
      const answer = await beforeForward(gate, target, body);
      if (answer) return answerWith(answer);
    }
    const headers: Record<string, string> = { host: `${cognitoHost}:${options.cognitoPort}`, "content-length": String(body.length), "x-amz-target": target };
    for (const name of ["content-type", "x-amz-user-agent", "user-agent", "amz-sdk-invocation-id", "amz-sdk-request"]) {
      const value = req.headers[name];
      if (typeof value === "string") headers[name] = value;
    }
    await new Promise<void>((resolve) => {
      const upstream = httpRequest({ host: cognitoHost, port: options.cognitoPort, method: "POST", path: "/", headers }, (answer) => {
        // Same origin for the browser: cognito-local's `access-control-allow-origin: *` and the rest are dropped.
        const forwarded = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !name.startsWith("access-control-")));
        if (gate && readsAnswer(target)) {
          // Read whole, so the gate may answer in its place (a few hundred bytes of tokens or an error).
          const chunks: Buffer[] = [];
          answer.on("data", (chunk: Buffer) => chunks.push(chunk));
          answer.once("end", async () => {
            const status = answer.statusCode ?? 502;
            const text = Buffer.concat(chunks);
            try {
              const replaced = await afterForward(gate, target, body, status, text);
              if (replaced) answerWith(replaced);
              else {
                res.writeHead(status, { ...forwarded, "content-length": String(text.length) });
                res.end(text);
              }
            } catch (error) {
              console.error(error);
              if (!res.headersSent) sendJson(res, 502, { message: "cognito-local's answer could not be read" });
            }
            resolve();
          });
          answer.once("error", () => {
            res.destroy();
            resolve();
          });
          return;
        }
        res.writeHead(answer.statusCode ?? 502, forwarded);
        answer.pipe(res);
        answer.once("end", resolve);
        answer.once("error", () => {
          res.destroy();
          resolve();
        });
      });
      upstream.on("error", () => {
        if (!res.headersSent) sendJson(res, 502, { message: "cognito-local is not reachable" });
        else res.destroy();
        resolve();
      });
      upstream.end(body);
    });
  }

  async function web(req: IncomingMessage, res: ServerResponse) {
    const pathname = decodedPath(req.url ?? "/");
    if (pathname === null) return sendJson(res, 400, { message: BAD_PATH_MESSAGE });
    const file = normalize(join(options.webDist, pathname));
    const inside = file.startsWith(options.webDist + sep);
    const stat = inside && existsSync(file) ? statSync(file) : undefined;
    if (stat?.isFile() && !file.endsWith(`${sep}index.html`)) {
      // Hashed assets (a new build gives new names) are cached for a year; anything else is revalidated (infra/web-cache.ts).
      const headers = {
        "content-type": types[extname(file)] ?? "application/octet-stream",
        "cache-control": webCacheControl(pathname),
      };
      if (isCompressible(headers["content-type"])) {
        const version = `${stat.size}:${stat.mtimeMs}`;
        const body = await compressed.file(file, version, "identity");
        await sendCompressed(req, res, 200, headers, body, (encoding) => compressed.file(file, version, encoding));
        return;
      }
      res.writeHead(200, { ...headers, "content-length": stat.size });
      // A read error (the file went away meanwhile) must not become the process's uncaught exception.
      createReadStream(file)
        .once("error", () => res.destroy())
        .pipe(res);
      return;
    }
    if (extname(pathname) && pathname !== "/index.html") {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
      res.end("Not found");
      return;
    }
    // Any other path is a page of the single-page app, as CloudFront's spaRouting does in the cloud:
    // its prerendered HTML for the landing, terms and privacy pages, index.html for the rest.
    const html = pageFile(pathname);
    const body = Buffer.from(page(html));
    await sendCompressed(req, res, 200, { "content-type": types[".html"], "cache-control": revalidatedCacheControl }, body, (encoding) =>
      compressed.get(`page\0${html}`, encoding, async () => body),
    );
  }

  // Stripe's side on one machine: its webhook's function URL, and the local payment page standing in for Checkout.
  async function webhook(req: IncomingMessage, res: ServerResponse) {
    if (announcesTooMuch(req)) return refuseTooLarge(req, res);
    const call = { method: req.method ?? "POST", url: req.url ?? "/", headers: req.headers, body: await readBody(req), sourceIp: req.socket.remoteAddress };
    const result = await invokeWebhook(call);
    if (!result) return sendJson(res, 404, { message: "Not found" });
    res.writeHead(result.statusCode, result.headers);
    res.end(result.body);
  }

  async function localPay(req: IncomingMessage, res: ServerResponse) {
    if (announcesTooMuch(req)) return refuseTooLarge(req, res);
    // The payment page's forms post (and it reads) nothing; a body with no length is not one of them,
    // and is refused rather than read to its end.
    if (req.headers["transfer-encoding"] && req.headers["content-length"] === undefined) {
      return refuseBody(req, res, 411, "A request body needs a Content-Length here.");
    }
    if (!(await handleLocalPay(req, res))) sendJson(res, 404, { message: "Not found" });
  }

  // The SMS outbox with a reply box per text: Twilio's side on one machine.
  async function outbox(req: IncomingMessage, res: ServerResponse) {
    if (announcesTooMuch(req)) return refuseTooLarge(req, res);
    if (!(await handleOutbox(req, res, options.pool))) sendJson(res, 404, { message: "Not found" });
  }

  // S3 and CloudFront's /uploads/* on one machine: paddle photos.
  async function uploads(req: IncomingMessage, res: ServerResponse) {
    await handleUploads(req, res, options.uploadsDir!);
  }

  return createServer((req, res) => {
    // infra/headers.ts, as CloudFront's response headers policy sets it in the cloud; a page with its own policy
    // (the local payment page) replaces the CSP in its writeHead.
    for (const [name, value] of Object.entries(localSecurityHeaders)) res.setHeader(name, value);
    // No request may reach the process's uncaughtException handler (which stops the shop): a throw here,
    // sync or async, answers this request alone.
    const failed = (error: unknown) => {
      if (error instanceof BodyTooLarge) return refuseTooLarge(req, res);
      console.error(error);
      if (!res.headersSent) sendJson(res, 500, { message: "Something went wrong on our side. Please try again." });
      else res.end();
    };
    try {
      const url = req.url ?? "/";
      const isApi = url === "/api" || url.startsWith("/api/");
      // Paths with a malformed %-escape (`/%ZZ`) name nothing here; the API's handlers answer their own.
      if (!isApi && decodedPath(url) === null) return sendJson(res, 400, { message: BAD_PATH_MESSAGE });
      const route =
        isApi ? api
        : url.startsWith("/cognito") ? cognito
        : url.startsWith("/webhooks/") ? webhook
        : url.startsWith(localPayPrefix) ? localPay
        : url === outboxPath || url.startsWith(`${outboxPath}?`) ? outbox
        : url.startsWith(uploadsPrefix) && options.uploadsDir ? uploads
        : null;
      if (!route) return void web(req, res).catch(failed);
      route(req, res).catch(failed);
    } catch (error) {
      failed(error);
    }
  });
}
