import { rememberZoneOffsets } from "@regrip/core/shared/calendar";
import { useQuery } from "@tanstack/react-query";
import { apiJson } from "../lib/api";
import type { BagAvailability } from "@regrip/core/shared/bags";
import type { LocationsView, ScheduleEventView } from "@regrip/core/shared/schedule";
import { appWideRead } from "../lib/app-wide-read";

export type { LocationsView, ScheduleEventView, ShopView } from "@regrip/core/shared/schedule";

const locationsQueryKey = ["/api/locations"] as const;
const scheduleQueryKey = ["/api/schedule"] as const;

/**
 * GET /api/locations: the shops (hours, closed dates, the day's cutoffs), the active partner clubs, and the shops'
 * zone offsets for the weeks ahead, which the calendar then reads the shop's clock with (not the browser's Intl,
 * whose time-zone data would load in a long task as the page fills in).
 */
export function useLocations() {
  return useQuery({
    queryKey: locationsQueryKey,
    queryFn: async () => {
      const view = await apiJson<LocationsView>("GET", "/api/locations");
      rememberZoneOffsets(view.zone);
      return view;
    },
    ...appWideRead,
  });
}

/** GET /api/schedule: the upcoming onsite days and delivery runs, by date (public). */
export function useSchedule() {
  return useQuery({
    queryKey: scheduleQueryKey,
    queryFn: async () => (await apiJson<{ items: ScheduleEventView[] }>("GET", "/api/schedule")).items,
    // Seats go as others book: asked again each time the page opens.
    refetchOnMount: "always",
    ...appWideRead,
  });
}

/** GET /api/bags/{key}/availability: whether a typed bag can hold this booking, and why not. */
export function bagAvailability(code: string): Promise<BagAvailability> {
  return apiJson<BagAvailability>("GET", `/api/bags/${encodeURIComponent(code)}/availability`);
}
