/**
 * A paddle as the API answers it (docs/api.md), its closed value sets, limits and messages. Browser-safe and
 * without zod: the booking page reads these on its first load. The schemas POST and PATCH /api/paddles parse
 * with are built from them in ./paddle-input.
 */
export const PADDLE_SHAPES = ["elongated", "hybrid", "dad-bod", "wide-body", "other"] as const;
export type PaddleShape = (typeof PADDLE_SHAPES)[number];

export const PADDLE_MATERIALS = ["wood", "graphite", "fiberglass", "composite", "other"] as const;
export type PaddleMaterial = (typeof PADDLE_MATERIALS)[number];

/**
 * A paddle's text limits (docs/api.md): names 60, serial 100, free notes 500, grip size 20. The server's schema
 * refuses longer text; the web app's inputs stop there (`maxLength`), so nobody types what will be refused.
 */
export const PADDLE_TEXT_LIMITS = { name: 60, serial: 100, notes: 500, gripSize: 20, photoUrl: 500 } as const;

export const OWNERSHIP_STATUSES = ["owned", "no_longer_own"] as const;
export type OwnershipStatus = (typeof OWNERSHIP_STATUSES)[number];

/** What the API answers for a paddle: null for unset. */
export interface PaddleView {
  id: string;
  userId: string;
  brand: string;
  model: string | null;
  nickname: string | null;
  personality: string | null;
  coreThickness: number | null;
  shape: PaddleShape | null;
  material: PaddleMaterial | null;
  colorway: string | null;
  serial: string | null;
  photoUrl: string | null;
  photoUrls: string[] | null;
  prefs: { tackiness: number | null; color: string | null };
  bagId: string | null;
  bag: { code3: string } | null;
  /** The open order the paddle is in (one open order per paddle), or null: the booking page shows it as in the shop. */
  openOrderId: string | null;
  ownershipStatus: OwnershipStatus;
  knownDefects: string | null;
  weightGrams: number | null;
  gripSize: string | null;
  createdAt: string;
  updatedAt: string;
}

// The paddle form's messages, word for word (the spec's; docs/api.md).
export const BRAND_REQUIRED = "Brand is required";

/**
 * The brands a paddle is given when nobody says one (brand is required on a paddle): the customer's quick add
 * ("Unspecified") and a paddle staff make at the counter ("Unknown"). Pages never show them as a brand.
 */
export const UNSPECIFIED_BRAND = "Unspecified";
export const UNKNOWN_BRAND = "Unknown";
/** The paddle's brand as pages show it: "" for a brand nobody gave. */
export const shownBrand = (brand: string | null | undefined): string => (brand && brand !== UNSPECIFIED_BRAND && brand !== UNKNOWN_BRAND ? brand : "");
export const NICKNAME_REQUIRED = "Nickname is required";
/** 404 for a paddle that does not exist or is not the customer's. */
export const PADDLE_NOT_FOUND = "Paddle not found";
/** The core-thickness slider's range and starting point, in whole millimetres. */
export const CORE_THICKNESS_MM = { min: 11, max: 18, step: 1, default: 16 } as const;
export const CORE_THICKNESS = `Core thickness must be between ${CORE_THICKNESS_MM.min} and ${CORE_THICKNESS_MM.max} mm`;
export const TACKINESS = "Tackiness must be between 0 and 5";
export const WEIGHT = "Weight must be between 1 and 1000 grams";
export const PHOTO_URL = "Photo must be an uploaded image or a web address";
