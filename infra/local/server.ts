import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { extname, join, normalize, sep } from "node:path";
import { localSecurityHeaders } from "../headers";
import { invoke } from "./adapter";
import { handleLocalPay, localPayPrefix } from "./payment-page";
import { invokeWebhook } from "./webhooks";
import { handleUploads, uploadsPrefix } from "./uploads";

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

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

export function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{ (VITE_[A-Z0-9_]+) \}\}/g, (_, name: string) => values[name] ?? "");
}

export function createLocalServer(options: LocalServerOptions): Server {
  let indexHtml: string | undefined;
  const index = () => {
    indexHtml ??= fillPlaceholders(readFileSync(join(options.webDist, "index.html"), "utf8"), options.webConfig);
    return indexHtml;
  };

  async function api(req: IncomingMessage, res: ServerResponse) {
    const result = await invoke({
      method: req.method ?? "GET",
      url: req.url ?? "/",
      headers: req.headers,
      body: await readBody(req),
      sourceIp: req.socket.remoteAddress,
    });
    if (!result) return sendJson(res, 404, { message: "Not found" });
    res.writeHead(result.statusCode, result.headers);
    res.end(result.body);
  }

  async function cognito(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? "/").replace(/^\/cognito/, "") || "/";
    const upstream = httpRequest(
      { host: "localhost", port: options.cognitoPort, method: req.method, path, headers: { ...req.headers, host: `localhost:${options.cognitoPort}` } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => sendJson(res, 502, { message: "cognito-local is not reachable" }));
    req.pipe(upstream);
  }

  function web(req: IncomingMessage, res: ServerResponse) {
    const pathname = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname);
    const file = normalize(join(options.webDist, pathname));
    const inside = file.startsWith(options.webDist + sep);
    if (inside && existsSync(file) && statSync(file).isFile() && !file.endsWith(`${sep}index.html`)) {
      const immutable = pathname.startsWith("/assets/");
      res.writeHead(200, {
        "content-type": types[extname(file)] ?? "application/octet-stream",
        "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
      });
      createReadStream(file).pipe(res);
      return;
    }
    if (extname(pathname) && pathname !== "/index.html") {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
      res.end("Not found");
      return;
    }
    // Any other path is a page of the single-page app, as CloudFront's error page does in the cloud.
    res.writeHead(200, { "content-type": types[".html"], "cache-control": "no-cache" });
    res.end(index());
  }

  // Stripe's side on one machine: its webhook's function URL, and the local payment page standing in for Checkout.
  async function webhook(req: IncomingMessage, res: ServerResponse) {
    const call = { method: req.method ?? "POST", url: req.url ?? "/", headers: req.headers, body: await readBody(req), sourceIp: req.socket.remoteAddress };
    const result = await invokeWebhook(call);
    if (!result) return sendJson(res, 404, { message: "Not found" });
    res.writeHead(result.statusCode, result.headers);
    res.end(result.body);
  }

  async function localPay(req: IncomingMessage, res: ServerResponse) {
    if (!(await handleLocalPay(req, res))) sendJson(res, 404, { message: "Not found" });
  }

  // S3 and CloudFront's /uploads/* on one machine: paddle photos.
  async function uploads(req: IncomingMessage, res: ServerResponse) {
    await handleUploads(req, res, options.uploadsDir!);
  }

  return createServer((req, res) => {
    // infra/headers.ts, as CloudFront's response headers policy sets it in the cloud; a page with its own policy
    // (the local payment page) replaces the CSP in its writeHead.
    for (const [name, value] of Object.entries(localSecurityHeaders)) res.setHeader(name, value);
    const url = req.url ?? "/";
    const route =
      url === "/api" || url.startsWith("/api/") ? api
      : url.startsWith("/cognito") ? cognito
      : url.startsWith("/webhooks/") ? webhook
      : url.startsWith(localPayPrefix) ? localPay
      : url.startsWith(uploadsPrefix) && options.uploadsDir ? uploads
      : null;
    if (!route) return web(req, res);
    route(req, res).catch((error: unknown) => {
      console.error(error);
      if (!res.headersSent) sendJson(res, 500, { message: "Something went wrong on our side. Please try again." });
      else res.end();
    });
  });
}
