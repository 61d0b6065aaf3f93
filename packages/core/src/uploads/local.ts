import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isUploadKey } from "../shared/images";

/**
 * Upload URLs on one machine: the local server (infra/local/uploads.ts) stands
 * in for S3 and accepts a PUT to `/uploads/<key>?token=<expiry>.<hmac>`, where
 * the HMAC covers the key, the content type and the expiry, so a URL can
 * neither be reused for another file, another type, nor after it expires.
 *
 * The signing key lives in the uploads folder itself (`.signing-key`, never
 * served): the handlers that sign and the server that checks share nothing
 * else, and URLs handed out before a restart stay good until they expire.
 */
const keyFile = ".signing-key";
const signingKeys = new Map<string, Buffer>();

function signingKey(dir: string): Buffer {
  let key = signingKeys.get(dir);
  if (key) return key;
  mkdirSync(dir, { recursive: true });
  const path = join(dir, keyFile);
  try {
    // `wx`: two processes starting at once must not write two different keys.
    writeFileSync(path, randomBytes(32).toString("hex"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  key = Buffer.from(readFileSync(path, "utf8").trim(), "hex");
  signingKeys.set(dir, key);
  return key;
}

/** What may be written and served under /uploads/ (the rule lives in shared/images: a paddle's photo URL names one). */
export { isUploadKey };

function mac(dir: string, key: string, contentType: string, expiresEpoch: number): string {
  return createHmac("sha256", signingKey(dir)).update(`${key}\n${contentType}\n${expiresEpoch}`).digest("hex");
}

/** The `token` query value for a PUT of `key` with `contentType` until `expiresEpoch` (seconds). */
export function signUpload(dir: string, key: string, contentType: string, expiresEpoch: number): string {
  return `${expiresEpoch}.${mac(dir, key, contentType, expiresEpoch)}`;
}

/** True when `token` was signed for this key and content type and has not expired. */
export function verifyUpload(dir: string, key: string, contentType: string, token: string, nowEpoch = Date.now() / 1000): boolean {
  const match = /^(\d{1,12})\.([0-9a-f]{64})$/.exec(token);
  if (!match || !isUploadKey(key)) return false;
  const expiresEpoch = Number(match[1]);
  if (expiresEpoch < nowEpoch) return false;
  const want = Buffer.from(mac(dir, key, contentType, expiresEpoch), "hex");
  return timingSafeEqual(want, Buffer.from(match[2], "hex"));
}
