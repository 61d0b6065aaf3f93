/**
 * A product's two images (the spec's thumbnail 150x150 and full 600x600), made in the browser from one chosen file: the
 * largest centred square, scaled, as JPEG. Each is uploaded where POST /api/admin/skus/{id}/image says, and the
 * answers' URLs are what the product's PATCH keeps.
 */
import { PRODUCT_IMAGE_SIZES, type ProductImageVariant } from "@regrip/core/shared/products";
import { apiJson } from "../../../lib/api";

interface UploadTarget {
  uploadUrl: string;
  method: "PUT";
  headers: Record<string, string>;
  photoUrl: string;
}

async function square(file: File, size: number): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  try {
    const side = Math.min(bitmap.width, bitmap.height);
    const canvas = document.createElement("canvas");
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("This browser cannot resize images");
    context.drawImage(bitmap, (bitmap.width - side) / 2, (bitmap.height - side) / 2, side, side, 0, 0, size, size);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("Could not read the image"))), "image/jpeg", 0.85),
    );
  } finally {
    bitmap.close();
  }
}

async function uploadOne(productId: string, file: File, variant: ProductImageVariant): Promise<string> {
  const blob = await square(file, PRODUCT_IMAGE_SIZES[variant]);
  const target = await apiJson<UploadTarget>("POST", `/api/admin/skus/${encodeURIComponent(productId)}/image`, {
    contentType: blob.type,
    size: blob.size,
    variant,
  });
  const put = await fetch(target.uploadUrl, { method: target.method, headers: target.headers, body: blob });
  if (!put.ok) throw new Error(`${put.status}: ${await put.text().catch(() => put.statusText)}`);
  return target.photoUrl;
}

/** Uploads both images of `file` for the product; answers the PATCH body that keeps them. */
export async function uploadProductImages(productId: string, file: File): Promise<{ thumbnailUrl: string; imageUrl: string }> {
  const [thumbnailUrl, imageUrl] = await Promise.all([uploadOne(productId, file, "thumbnail"), uploadOne(productId, file, "full")]);
  return { thumbnailUrl, imageUrl };
}
