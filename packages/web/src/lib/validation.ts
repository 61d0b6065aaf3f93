/**
 * Browser glue for the server's own rules: each form checks with the zod schema the route parses with
 * (@regrip/core/shared), and shows the schema's message under the field. Nothing here decides a rule.
 */
import { fieldErrors, type FieldErrors } from "@regrip/core/shared/forms";
import { isPhotoType, MAX_IMAGE_BYTES, NOT_AN_IMAGE, TOO_LARGE } from "@regrip/core/shared/images";
import { PaddleNames } from "@regrip/core/shared/paddle-input";
import { VerifyCode } from "@regrip/core/shared/phone";
import * as z from "zod/mini";

export type PaddleErrors = FieldErrors<"brand" | "nickname">;

const PaddleNameChanges = z.partial(PaddleNames);

/** Add needs brand and nickname; edit (`partial`) checks only the fields it changes. POST/PATCH /api/paddles' schema. */
export function paddleErrors(fields: { brand?: string; nickname?: string }, { partial = false } = {}): PaddleErrors {
  return fieldErrors(partial ? PaddleNameChanges : PaddleNames, { brand: fields.brand, nickname: fields.nickname });
}

/** Why a typed verification code would be refused (the verify call's schema), or undefined. */
export function verificationCodeError(code: string): string | undefined {
  return fieldErrors(VerifyCode, { code }).code;
}

export type ImageProblem = { title: "Invalid file type"; description: typeof NOT_AN_IMAGE } | { title: "File too large"; description: typeof TOO_LARGE };

/** Why a chosen file cannot be a paddle photo, or undefined when it can. */
export function imageProblem(file: { type: string; size: number }): ImageProblem | undefined {
  // The server's own rule (shared/images): an SVG passed here before and was refused only by the upload.
  if (!isPhotoType(file.type)) return { title: "Invalid file type", description: NOT_AN_IMAGE };
  if (file.size > MAX_IMAGE_BYTES) return { title: "File too large", description: TOO_LARGE };
  return undefined;
}
