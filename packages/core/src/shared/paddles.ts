/**
 * A paddle as the API answers it (docs/api.md) and its closed value sets. Browser-safe: the server builds the
 * view, the web app reads it with this type.
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
  ownershipStatus: OwnershipStatus;
  knownDefects: string | null;
  weightGrams: number | null;
  gripSize: string | null;
  createdAt: string;
  updatedAt: string;
}
