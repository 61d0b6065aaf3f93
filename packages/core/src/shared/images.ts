/**
 * What the shop takes as a photo, written once for the server's upload schema
 * (uploads/index.ts) and the browser's check before uploading (web lib/validation.ts): an image of at most 5MB,
 * never SVG (it can carry script, and photos are served from the site's own origin); and where an uploaded one
 * is kept. Browser-safe.
 */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const NOT_AN_IMAGE = "Please select an image file";
export const TOO_LARGE = "Please select an image smaller than 5MB";

/** A content type the shop stores as a photo: `image/<subtype>`, not SVG (case and spaces around ignored). */
export function isPhotoType(contentType: string): boolean {
  const type = contentType.trim().toLowerCase();
  return /^image\/[a-z0-9][a-z0-9.+-]{0,60}$/.test(type) && type !== "image/svg+xml";
}

/**
 * What may be written and served under /uploads/: slash-separated segments of
 * letters, digits, `-` and `_`, then one extension. No dots elsewhere, so no
 * `..` and no hidden file (the signing key) is ever reachable.
 */
export function isUploadKey(key: string): boolean {
  return key.length <= 300 && /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\.[a-z0-9]{1,10}$/.test(key);
}
