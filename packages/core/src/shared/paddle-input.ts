/**
 * What POST and PATCH /api/paddles take: the schemas the routes parse with (paddles/index.ts) and the web app's
 * paddle forms check with (web lib/validation.ts), so a field's error is the server's message. Browser-safe,
 * zod/mini; the rules' numbers and words are in ./paddles.
 */
import * as z from "zod/mini";
import { atMostDecimals, boundedId } from "./ids";
import { isUploadKey } from "./images";
import { PaddleNickname, requiredPaddleName } from "./paddle-name";
import {
  BRAND_REQUIRED,
  CORE_THICKNESS,
  CORE_THICKNESS_MM,
  OWNERSHIP_STATUSES,
  PADDLE_MATERIALS,
  PADDLE_SHAPES,
  PADDLE_TEXT_LIMITS,
  PHOTO_URL,
  TACKINESS,
  WEIGHT,
} from "./paddles";

const LIMITS = PADDLE_TEXT_LIMITS;

const required = requiredPaddleName;

/** Optional text: "" or null clears it. */
const text = (label: string, max: number) =>
  z.optional(z.nullable(z.string({ error: `${label} must be text` }).check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`))));

/** A photo the upload call handed out (`/uploads/<key>`), or an absolute web address. */
const isPhotoUrl = (url: string) =>
  url === "" ||
  (url.startsWith("/uploads/") && isUploadKey(url.slice("/uploads/".length))) ||
  /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(url);


/** The two names every paddle has: what the add forms check before anything else. */
export const PaddleNames = z.object({ brand: required(BRAND_REQUIRED, "Brand"), nickname: PaddleNickname });

const fields = {
  ...PaddleNames.shape,
  model: text("Model", LIMITS.name),
  personality: text("Personality", LIMITS.notes),
  coreThickness: z.optional(
    z.nullable(z.number({ error: CORE_THICKNESS }).check(z.int(CORE_THICKNESS), z.gte(CORE_THICKNESS_MM.min, CORE_THICKNESS), z.lte(CORE_THICKNESS_MM.max, CORE_THICKNESS))),
  ),
  shape: z.optional(z.nullable(z.enum(PADDLE_SHAPES, { error: `Shape must be one of ${PADDLE_SHAPES.join(", ")}` }))),
  material: z.optional(z.nullable(z.enum(PADDLE_MATERIALS, { error: `Material must be one of ${PADDLE_MATERIALS.join(", ")}` }))),
  colorway: text("Colorway", LIMITS.name),
  serial: text("Serial or notes", LIMITS.serial),
  photoUrl: text("Photo", LIMITS.photoUrl).check(z.refine((url) => url == null || isPhotoUrl(url), PHOTO_URL)),
  prefs: z.optional(
    z.nullable(
      z.object(
        {
          tackiness: z.optional(
            z.nullable(
              z.number({ error: TACKINESS }).check(z.gte(0, TACKINESS), z.lte(5, TACKINESS), z.refine(atMostDecimals(2), TACKINESS)),
            ),
          ),
          color: text("Preferred color", LIMITS.name),
        },
        { error: "Preferences must be an object" },
      ),
    ),
  ),
  knownDefects: text("Known defects", LIMITS.notes),
  weightGrams: z.optional(
    z.nullable(z.number({ error: WEIGHT }).check(z.gte(1, WEIGHT), z.lte(1000, WEIGHT), z.refine(atMostDecimals(2), WEIGHT))),
  ),
  gripSize: text("Grip size", LIMITS.gripSize),
  ownershipStatus: z.optional(z.enum(OWNERSHIP_STATUSES, { error: "Ownership must be owned or no_longer_own" })),
};

/** POST /api/paddles. `userId`: staff create a paddle for a customer (quick sale). */
export const CreatePaddle = z.object({
  ...fields,
  userId: z.optional(
    boundedId("userId must be a user's id", z.string({ error: "userId must be text" }).check(z.trim(), z.minLength(1, "userId must be a user's id"))),
  ),
});
export type CreatePaddle = z.infer<typeof CreatePaddle>;

/** PATCH /api/paddles/{id}: any subset; brand and nickname cannot be cleared. */
export const UpdatePaddle = z.partial(z.object(fields));
export type UpdatePaddle = z.infer<typeof UpdatePaddle>;
