import { createReadStream, createWriteStream, existsSync, mkdirSync, renameSync, statSync, unlinkSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { randomUUID } from "node:crypto";
import { dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import { Transform } from "node:stream";
import { isUploadKey, verifyUpload } from "../../packages/core/src/uploads/local";
import { MAX_IMAGE_BYTES, NOT_AN_IMAGE, TOO_LARGE } from "../../packages/core/src/uploads";

/**
 * S3's part on one machine: `PUT /uploads/<key>?token=...` stores a paddle
 * photo the handlers signed an upload URL for, `GET /uploads/<key>` serves it
 * (CloudFront's /uploads/* behavior in the cloud).
 */
export const uploadsPrefix = "/uploads/";

const types: Record<string, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  heic: "image/heic",
  heif: "image/heif",
  bmp: "image/bmp",
  tiff: "image/tiff",
};

class TooLarge extends Error {}

function reply(req: IncomingMessage, res: ServerResponse, status: number, message?: string) {
  const headers: Record<string, string> = { "cache-control": "no-store" };
  if (message) headers["content-type"] = "application/json; charset=utf-8";
  // A refused upload may still be arriving: let the client finish sending so it reads the answer.
  if (!req.complete) headers.connection = "close";
  res.writeHead(status, headers);
  res.end(message ? JSON.stringify({ message }) : undefined);
  if (!req.complete) req.resume();
}

async function store(req: IncomingMessage, res: ServerResponse, dir: string, key: string, url: URL) {
  const contentType = (req.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
  if (!contentType.startsWith("image/") || contentType === "image/svg+xml") return reply(req, res, 415, NOT_AN_IMAGE);
  if (!verifyUpload(dir, key, contentType, url.searchParams.get("token") ?? "")) {
    return reply(req, res, 403, "This upload link is not valid or has expired.");
  }
  if (Number(req.headers["content-length"] ?? 0) > MAX_IMAGE_BYTES) return reply(req, res, 413, TOO_LARGE);

  const file = join(dir, key);
  const partial = `${file}.${randomUUID()}.part`;
  mkdirSync(dirname(file), { recursive: true });
  let received = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _, done) {
      received += chunk.length;
      done(received > MAX_IMAGE_BYTES ? new TooLarge() : null, chunk);
    },
  });
  try {
    await pipeline(req, limit, createWriteStream(partial));
  } catch (error) {
    if (existsSync(partial)) unlinkSync(partial);
    if (error instanceof TooLarge) return reply(req, res, 413, TOO_LARGE);
    throw error;
  }
  if (received === 0) {
    unlinkSync(partial);
    return reply(req, res, 400, NOT_AN_IMAGE);
  }
  renameSync(partial, file);
  reply(req, res, 200);
}

function serve(req: IncomingMessage, res: ServerResponse, dir: string, key: string) {
  const file = join(dir, key);
  if (!existsSync(file) || !statSync(file).isFile()) return reply(req, res, 404, "Not found");
  res.writeHead(200, {
    "content-type": types[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream",
    "content-length": String(statSync(file).size),
    // Keys are never reused: a new photo gets a new key.
    "cache-control": "public, max-age=31536000, immutable",
    "x-content-type-options": "nosniff",
  });
  if (req.method === "HEAD") res.end();
  // A read error (the photo removed meanwhile) ends this answer, never the process (as server.ts does for assets).
  else
    createReadStream(file)
      .once("error", () => res.destroy())
      .pipe(res);
}

export async function handleUploads(req: IncomingMessage, res: ServerResponse, dir: string): Promise<void> {
  const url = new URL(req.url ?? "/", "http://localhost");
  let key: string;
  try {
    key = decodeURIComponent(url.pathname.slice(uploadsPrefix.length));
  } catch {
    return reply(req, res, 404, "Not found");
  }
  if (!isUploadKey(key)) return reply(req, res, 404, "Not found");
  if (req.method === "PUT") return store(req, res, dir, key, url);
  if (req.method === "GET" || req.method === "HEAD") return serve(req, res, dir, key);
  return reply(req, res, 405, "Method not allowed");
}
