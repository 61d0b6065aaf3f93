/** The admin's partner-club calls, with their query keys. The server checks every rule again. */
import type { PartnerAdminView } from "@regrip/core/shared/schedule";
import { apiJson } from "../../../lib/api";

export const partnerKeys = {
  all: ["/api/admin/partners"] as const,
};

/** What the partner dialog sends: POST takes all of it; PATCH all but the key. Empty text is sent as null. */
export interface PartnerBody {
  locationKey?: string;
  name?: string;
  address?: string | null;
  phone?: string | null;
  email?: string | null;
  websiteUrl?: string | null;
  mapsUrl?: string | null;
  contactPerson?: string | null;
  isActive?: boolean;
  notes?: string | null;
}

export function listPartners() {
  return apiJson<{ items: PartnerAdminView[] }>("GET", "/api/admin/partners");
}

export function createPartner(body: PartnerBody) {
  return apiJson<PartnerAdminView>("POST", "/api/admin/partners", body);
}

export function updatePartner(locationKey: string, body: Omit<PartnerBody, "locationKey">) {
  return apiJson<PartnerAdminView>("PATCH", `/api/admin/partners/${encodeURIComponent(locationKey)}`, body);
}

export function deletePartner(locationKey: string) {
  return apiJson<void>("DELETE", `/api/admin/partners/${encodeURIComponent(locationKey)}`);
}
