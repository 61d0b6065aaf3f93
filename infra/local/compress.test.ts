/**
 * Web delivery on one machine: text answers compressed by Accept-Encoding,
 * hashed assets cached for a year, pages revalidated.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chooseEncoding, isCompressible, MIN_COMPRESS_BYTES, sendCompressed } from "./compress";
import { createLocalServer } from "./server";

const webDist = mkdtempSync(join(tmpdir(), "regrip-compress-web-"));
const script = `export const app = ${JSON.stringify("regrip ".repeat(2000))};\n`;
const html = `<!doctype html><title>Regrip</title><script type="module" src="/assets/index-Ab12Cd34.js"></script>${"<!-- padding -->".repeat(100)}`;
const png = Buffer.alloc(4000, 7);
mkdirSync(join(webDist, "assets"));
writeFileSync(join(webDist, "index.html"), html);
writeFileSync(join(webDist, "assets", "index-Ab12Cd34.js"), script);
writeFileSync(join(webDist, "assets", "photo-Ab12Cd34.png"), png);
writeFileSync(join(webDist, "favicon.svg"), `<svg xmlns="http://www.w3.org/2000/svg">${"<g/>".repeat(400)}</svg>`);

let shop: Server;
let port: number;

beforeAll(async () => {
  shop = createLocalServer({ webDist, webConfig: {}, cognitoPort: 1 });
  await new Promise<void>((resolve) => shop.listen(0, "127.0.0.1", resolve));
  port = (shop.address() as AddressInfo).port;
});

afterAll(async () => {
  shop.closeAllConnections();
  await new Promise((resolve) => shop.close(resolve));
  rmSync(webDist, { recursive: true, force: true });
});

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  bytes: Buffer;
}

function get(path: string, acceptEncoding?: string, p = port, method = "GET"): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding };
    const req = request({ host: "127.0.0.1", port: p, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.once("end", () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

function decoded(answer: Raw): string {
  const encoding = answer.headers["content-encoding"];
  const bytes = encoding === "br" ? brotliDecompressSync(answer.bytes) : encoding === "gzip" ? gunzipSync(answer.bytes) : answer.bytes;
  return bytes.toString("utf8");
}

describe("the local server's static files and pages", () => {
  it("sends a hashed script brotli-compressed when the browser takes br, with a year's immutable caching", async () => {
    const answer = await get("/assets/index-Ab12Cd34.js", "gzip, deflate, br, zstd");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers.vary).toBe("accept-encoding");
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(answer.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(Number(answer.headers["content-length"])).toBe(answer.bytes.length);
    expect(answer.bytes.length).toBeLessThan(script.length / 10);
    expect(decoded(answer)).toBe(script);
  });

  it("falls back to gzip, then to the file as it is", async () => {
    const gzipped = await get("/assets/index-Ab12Cd34.js", "gzip, deflate");
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(decoded(gzipped)).toBe(script);
    expect(Number(gzipped.headers["content-length"])).toBe(gzipped.bytes.length);

    const plain = await get("/assets/index-Ab12Cd34.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("accept-encoding");
    expect(plain.bytes.toString()).toBe(script);
    expect(Number(plain.headers["content-length"])).toBe(script.length);

    const refused = await get("/assets/index-Ab12Cd34.js", "br;q=0, gzip;q=0");
    expect(refused.headers["content-encoding"]).toBeUndefined();
  });

  it("sends the same compressed bytes again (compressed once and kept)", async () => {
    const first = await get("/assets/index-Ab12Cd34.js", "br");
    const second = await get("/assets/index-Ab12Cd34.js", "br");
    expect(second.bytes.equals(first.bytes)).toBe(true);
  });

  it("sends `/` and any other page compressed with no-cache", async () => {
    for (const path of ["/", "/booking"]) {
      const answer = await get(path, "gzip, deflate, br");
      expect(answer.status, path).toBe(200);
      expect(answer.headers["content-encoding"], path).toBe("br");
      expect(answer.headers["cache-control"], path).toBe("no-cache");
      expect(answer.headers.vary, path).toBe("accept-encoding");
      expect(answer.headers["content-type"], path).toBe("text/html; charset=utf-8");
      expect(decoded(answer), path).toBe(html);
    }
  });

  it("compresses SVG but sends images as they are, with a length", async () => {
    const svg = await get("/favicon.svg", "gzip");
    expect(svg.headers["content-encoding"]).toBe("gzip");
    expect(svg.headers["cache-control"]).toBe("no-cache");
    const photo = await get("/assets/photo-Ab12Cd34.png", "gzip, br");
    expect(photo.headers["content-encoding"]).toBeUndefined();
    expect(photo.headers.vary).toBeUndefined();
    expect(photo.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(Number(photo.headers["content-length"])).toBe(png.length);
    expect(photo.bytes.equals(png)).toBe(true);
  });

  it("answers HEAD with the headers and no body", async () => {
    const answer = await get("/assets/index-Ab12Cd34.js", "br", port, "HEAD");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.bytes.length).toBe(0);
  });
});

describe("sendCompressed (the API's JSON answers)", () => {
  let api: Server;
  let apiPort: number;
  const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: `grip-${i}`, name: "Overgrip" })) };
  beforeAll(async () => {
    api = createServer((req, res: ServerResponse) => {
      const body = req.url === "/small" ? { ok: true } : big;
      void sendCompressed(req, res, 200, { "content-type": "application/json; charset=utf-8", Vary: "origin" }, Buffer.from(JSON.stringify(body)));
    });
    await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
    apiPort = (api.address() as AddressInfo).port;
  });
  afterAll(async () => {
    api.closeAllConnections();
    await new Promise((resolve) => api.close(resolve));
  });

  it("compresses a large JSON answer and keeps the handler's Vary", async () => {
    const answer = await get("/big", "gzip, br", apiPort);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers.vary).toBe("origin, accept-encoding");
    expect(JSON.parse(decoded(answer))).toEqual(big);
  });

  it(`sends an answer under ${MIN_COMPRESS_BYTES} bytes as it is`, async () => {
    const answer = await get("/small", "gzip, br", apiPort);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(answer.bytes.toString())).toEqual({ ok: true });
  });
});

describe("chooseEncoding and isCompressible", () => {
  it("prefers brotli, honours q=0 and *", () => {
    expect(chooseEncoding("gzip, deflate, br")).toBe("br");
    expect(chooseEncoding("gzip")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("*, br;q=0")).toBe("gzip");
    expect(chooseEncoding("identity")).toBe("identity");
    expect(chooseEncoding(undefined)).toBe("identity");
    expect(chooseEncoding("")).toBe("identity");
  });

  it("takes text, SVG and JSON, not images or fonts", () => {
    for (const type of ["text/javascript; charset=utf-8", "text/css", "text/html; charset=utf-8", "image/svg+xml", "application/json; charset=utf-8", "application/manifest+json"]) {
      expect(isCompressible(type), type).toBe(true);
    }
    for (const type of ["image/png", "font/woff2", "application/octet-stream", undefined]) expect(isCompressible(type), type).toBe(false);
  });
});
