/** The cash drawer's calls (docs/api-staff.md "Drawer", docs/api-admin.md "Drawers"), with their query keys. */
import type { BookableLocation } from "@regrip/core/shared/location-names";
import type { CurrentDrawer, DrawerReport, DrawerSessionView, MovementDirection } from "@regrip/core/shared/drawer";
import { useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api";

export const drawerKeys = {
  all: ["/api/drawers"] as const,
  current: (location: BookableLocation) => ["/api/drawers", "current", location] as const,
  admin: ["/api/admin/drawers"] as const,
};

export function useCurrentDrawer(location: BookableLocation) {
  return useQuery({
    queryKey: drawerKeys.current(location),
    queryFn: () => apiJson<CurrentDrawer>("GET", `/api/drawers/current?location=${encodeURIComponent(location)}`),
    // Cash lands from every counter screen: read again each visit.
    staleTime: 0,
  });
}

export const openDrawer = (location: BookableLocation, startingCashCents: number) => apiJson<DrawerSessionView>("POST", "/api/drawers", { location, startingCashCents });

/** A paid in or out; the key makes a repeated click answer the same movement. */
export const addMovement = (id: string, movement: { direction: MovementDirection; amountCents: number; reason: string }, idempotencyKey: string) =>
  apiJson<DrawerSessionView>("POST", `/api/drawers/${encodeURIComponent(id)}/movements`, movement, { "Idempotency-Key": idempotencyKey });

export const closeDrawer = (id: string, countedCashCents: number, note?: string) =>
  apiJson<DrawerReport>("POST", `/api/drawers/${encodeURIComponent(id)}/close`, { countedCashCents, ...(note ? { note } : {}) });

export function useDrawerSessions(enabled: boolean) {
  return useQuery({
    queryKey: drawerKeys.admin,
    queryFn: () => apiJson<{ from: string; to: string; sessions: DrawerSessionView[] }>("GET", "/api/admin/drawers"),
    enabled,
    staleTime: 0,
  });
}

export const reopenDrawer = (id: string) => apiJson<DrawerSessionView>("POST", `/api/admin/drawers/${encodeURIComponent(id)}/reopen`);
