/** The admin's pack calls (docs/api-admin.md), with their query key. The server checks every rule again. */
import type { PackView } from "@regrip/core/shared/packs";
import { apiJson } from "../../../lib/api";

export const packKeys = { all: ["/api/admin/packs"] as const };

export interface PackBody {
  name?: string;
  regrips?: number;
  priceCents?: number;
  services?: string[];
  validDays?: number | null;
  isActive?: boolean;
}

export const listPacks = () => apiJson<{ items: PackView[] }>("GET", "/api/admin/packs");
export const createPack = (body: PackBody) => apiJson<PackView>("POST", "/api/admin/packs", body);
export const updatePack = (id: string, body: PackBody) => apiJson<PackView>("PATCH", `/api/admin/packs/${encodeURIComponent(id)}`, body);
