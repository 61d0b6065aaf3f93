import { randomUUID } from "node:crypto";
import * as z from "zod/mini";
import { env } from "../../../../infra/env";
import { requireGrant } from "../aws/grants";
import { unavailable } from "../errors";
import { isPhotoType, MAX_IMAGE_BYTES, NOT_AN_IMAGE, TOO_LARGE } from "../shared/images";
import { isUploadKey, signUpload } from "./local";

export * as Uploads from "./index";
export { isUploadKey, signUpload, verifyUpload } from "./local";

/** An image, at most 5MB (the spec's limit), not SVG; written once in shared/images for the browser too. */
export { MAX_IMAGE_BYTES, NOT_AN_IMAGE, TOO_LARGE };
/** How long an upload URL may be used. */
export const UPLOAD_URL_SECONDS = 10 * 60;

/**
 * What the browser declares before uploading a file. SVG is refused: it can
 * carry script, and photos are served from the site's own origin.
 */
export const ImageUpload = z.object({
  contentType: z.string({ error: NOT_AN_IMAGE }).check(
    z.maxLength(100, NOT_AN_IMAGE),
    z.trim(),
    z.toLowerCase(),
    z.refine(isPhotoType, NOT_AN_IMAGE),
  ),
  size: z.number({ error: NOT_AN_IMAGE }).check(z.int(NOT_AN_IMAGE), z.positive(NOT_AN_IMAGE), z.lte(MAX_IMAGE_BYTES, TOO_LARGE)),
});
export type ImageUpload = z.infer<typeof ImageUpload>;

/** Where the browser sends the file, and the URL it is then seen at. */
export interface UploadTarget {
  uploadUrl: string;
  method: "PUT";
  headers: Record<string, string>;
  /** Site-relative: `/uploads/<key>` (CloudFront in the cloud, the local server on one machine). */
  photoUrl: string;
}

const extensions: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/jpg": "jpg",
  "image/pjpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/avif": "avif",
  "image/heic": "heic",
  "image/heif": "heif",
  "image/bmp": "bmp",
  "image/tiff": "tiff",
};

/** `image/png` → `png`; an unlisted type keeps its letters and digits (`image/x-icon` → `xicon`). */
export function extensionOf(contentType: string): string {
  return extensions[contentType] ?? ((contentType.split("/")[1] ?? "").replace(/[^a-z0-9]/g, "").slice(0, 10) || "img");
}

/** A fresh key for a photo of one paddle: `paddles/<userId>/<paddleId>/<uuid>.<ext>`. */
export function paddlePhotoKey(userId: string, paddleId: string, contentType: string): string {
  const key = `paddles/${userId}/${paddleId}/${randomUUID()}.${extensionOf(contentType)}`;
  if (!isUploadKey(key)) throw new Error(`not a storable upload key: ${key}`);
  return key;
}

/**
 * An upload URL for `key`. The store follows the environment: a bucket
 * (UPLOADS_BUCKET, the cloud) gets a presigned S3 PUT; a folder (UPLOADS_DIR,
 * npm start) gets a signed URL of the local server. Neither set: uploads are
 * not configured here.
 */
export async function presignPut(key: string, upload: ImageUpload): Promise<UploadTarget> {
  // The presigned URL carries this function's own permission: it must be granted the key's folder.
  requireGrant({ uploads: key });
  const expiresEpoch = Math.floor(Date.now() / 1000) + UPLOAD_URL_SECONDS;
  const headers = { "Content-Type": upload.contentType };
  const photoUrl = `/uploads/${key}`;
  const bucket = process.env[env.uploadsBucket];
  if (bucket) {
    // Loaded on use: the S3 client is large and only the cloud needs it.
    const { presignedPut } = await import("./s3");
    const uploadUrl = await presignedPut(bucket, key, upload.contentType, upload.size, UPLOAD_URL_SECONDS);
    return { uploadUrl, method: "PUT", headers, photoUrl };
  }
  const dir = process.env[env.uploadsDir];
  if (dir) {
    const token = signUpload(dir, key, upload.contentType, expiresEpoch);
    return { uploadUrl: `${photoUrl}?token=${token}`, method: "PUT", headers, photoUrl };
  }
  throw unavailable("Photo uploads are not available right now. Please try again later.");
}
