import { isPhotoType, MAX_IMAGE_BYTES, NOT_AN_IMAGE, TOO_LARGE } from "@regrip/core/shared/images";
/** Customer-side form rules (customer-side §5); the server checks each again. */
export const notesMaxLength = 500;
export const bagNumberLength = 3;
export const maxImageBytes = MAX_IMAGE_BYTES;
export const coreThickness = { min: 11, max: 18, step: 1, default: 16 } as const;

export interface PaddleFields {
  brand?: string;
  nickname?: string;
}

export type PaddleErrors = Partial<Record<"brand" | "nickname", string>>;

/** Add needs brand and nickname; edit (`partial`) checks only the fields it changes. */
export function validatePaddle(fields: PaddleFields, { partial = false } = {}): PaddleErrors {
  const errors: PaddleErrors = {};
  if ((!partial || fields.brand !== undefined) && !fields.brand?.trim()) errors.brand = "Brand is required";
  if ((!partial || fields.nickname !== undefined) && !fields.nickname?.trim()) errors.nickname = "Nickname is required";
  return errors;
}

/** A bag number is the 3-digit number printed on the bag. */
export function isBagNumber(value: string): boolean {
  return /^\d{3}$/.test(value.trim());
}

/** What the bag number field keeps of a keystroke: digits, at most 3. */
export function bagNumberInput(value: string): string {
  return value.replace(/\D/g, "").slice(0, bagNumberLength);
}

export function isVerificationCode(value: string): boolean {
  return /^\d{6}$/.test(value.trim());
}

export type ImageProblem = { title: "Invalid file type"; description: "Please select an image file" } | { title: "File too large"; description: "Please select an image smaller than 5MB" };

/** Why a chosen file cannot be a paddle photo, or undefined when it can. */
export function imageProblem(file: { type: string; size: number }): ImageProblem | undefined {
  // The server's own rule (shared/images): an SVG passed here before and was refused only by the upload.
  if (!isPhotoType(file.type)) return { title: "Invalid file type", description: NOT_AN_IMAGE };
  if (file.size > MAX_IMAGE_BYTES) return { title: "File too large", description: TOO_LARGE };
  return undefined;
}
