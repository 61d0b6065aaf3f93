/**
 * Compression on one machine, as CloudFront's `compress: true` does in the
 * cloud (stacks/Web.ts): text answers go out brotli- or gzip-encoded according
 * to the browser's Accept-Encoding. Static files are compressed once and kept
 * in memory (hashed assets never change; other files are keyed by their size
 * and mtime); API answers are compressed as they go, when worth it.
 */
import { readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

export type Encoding = "br" | "gzip" | "identity";

/** Bodies shorter than this are sent as they are, as CloudFront does (it compresses from 1,000 bytes). */
export const MIN_COMPRESS_BYTES = 1000;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * The encoding to answer with: brotli when the browser takes it, else gzip, else none.
 * A `q=0` refuses an encoding; `*` stands for any encoding not named.
 */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): Encoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(",") : (acceptEncoding ?? "");
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
    weights.set(name, q ? Number(q[1]) : 1);
  }
  const accepts = (name: string) => (weights.get(name) ?? weights.get("*") ?? 0) > 0;
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return "identity";
}

/** Text types worth compressing: JS, CSS, HTML, SVG, JSON, plain text, the web manifest. */
export function isCompressible(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(";")[0].trim().toLowerCase();
  return (
    type.startsWith("text/") ||
    type === "image/svg+xml" ||
    type === "application/json" ||
    type.endsWith("+json") ||
    type === "application/javascript" ||
    type === "application/xml"
  );
}

/** `body` in `encoding`; `quality` is brotli's (11 for what is compressed once and kept, lower on the fly). */
export async function encode(body: Buffer, encoding: Encoding, quality = 11): Promise<Buffer> {
  if (encoding === "br") {
    return brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
  }
  if (encoding === "gzip") return gz(body, { level: 9 });
  return body;
}

/** Compressed versions kept in memory, by a key that changes when the content does. */
export class CompressedCache {
  private readonly entries = new Map<string, Promise<Buffer>>();

  /** `load()`'s bytes in `encoding`, compressed the first time they are asked for under `key`. */
  get(key: string, encoding: Encoding, load: () => Promise<Buffer>): Promise<Buffer> {
    const id = `${encoding}\0${key}`;
    let entry = this.entries.get(id);
    if (!entry) {
      entry = load().then((body) => encode(body, encoding));
      // A failure (a file gone meanwhile) is not kept: the next request tries again.
      entry.catch(() => this.entries.delete(id));
      this.entries.set(id, entry);
    }
    return entry;
  }

  /** A file's bytes in `encoding`; `version` (size and mtime) tells a changed file from the one cached. */
  file(path: string, version: string, encoding: Encoding): Promise<Buffer> {
    return this.get(`${path}\0${version}`, encoding, () => readFile(path));
  }
}

/**
 * Sends `body` with its headers, compressed when its type is text, it is big
 * enough and the browser takes an encoding; `vary: accept-encoding` on every
 * compressible answer, so a cache never gives one browser another's encoding.
 * `cached` gives the body already compressed (static files), else it is compressed now.
 */
export async function sendCompressed(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Record<string, string | number | string[]>,
  body: Buffer,
  cached?: (encoding: Encoding) => Promise<Buffer>,
): Promise<void> {
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  const contentType = typeof lower["content-type"] === "string" ? lower["content-type"] : undefined;
  const compressible = isCompressible(contentType) && lower["content-encoding"] === undefined;
  if (!compressible) {
    res.writeHead(status, { ...headers, "content-length": body.length });
    res.end(body);
    return;
  }
  const encoding = body.length >= MIN_COMPRESS_BYTES ? chooseEncoding(req.headers["accept-encoding"]) : "identity";
  const vary = lower.vary ? `${lower.vary}, accept-encoding` : "accept-encoding";
  const rest = Object.fromEntries(Object.entries(headers).filter(([name]) => !["vary", "content-length"].includes(name.toLowerCase())));
  const sent = encoding === "identity" ? body : cached ? await cached(encoding) : await encode(body, encoding, 5);
  res.writeHead(status, {
    ...rest,
    vary,
    ...(encoding === "identity" ? {} : { "content-encoding": encoding }),
    "content-length": sent.length,
  });
  res.end(sent);
}
