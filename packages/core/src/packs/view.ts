/** A pack as the lists show it, and the lists' one Query (./index.ts, ./admin.ts). */
import type { EntityItem } from "electrodb";
import { db } from "../db";
import type { Pack } from "../entities";
import type { PackView } from "../shared/packs";

/** The most packs a list answers: a shop sells a few, so one Query of their partition, never paged. */
export const PACK_LIST_LIMIT = 100;

export type PackItem = EntityItem<Pack>;

export function packView(pack: PackItem): PackView {
  return {
    id: pack.id,
    name: pack.name,
    regrips: pack.regrips,
    priceCents: pack.priceCents,
    services: [...pack.services],
    validDays: pack.validDays ?? null,
    isActive: pack.isActive,
    createdAt: pack.createdAt,
    updatedAt: pack.updatedAt,
  };
}

/** Every pack, newest first: one Query of the `packs` partition. */
export async function allPacks(): Promise<PackItem[]> {
  const { data } = await db().entities.pack.query.allPacks({}).go({ order: "desc", limit: PACK_LIST_LIMIT });
  return data;
}
