/**
 * What anyone may read (docs/api.md): the upcoming onsite days and delivery runs with their seats left
 * (`GET /api/schedule`, the booking page and the public /onsite page), and where and when a paddle can be dropped
 * off and picked up (`GET /api/locations`: the shops with their hours, closed dates, cutoffs and the pickup day of a
 * drop-off now; the active partner clubs).
 */
import { fn, NoInput } from "../actor/fn";
import { addDays, nextOpening, localOf, pickupDateFor, todayOf, zoneOffsets } from "../shared/calendar";
import { SHOP_LOCATIONS } from "../shared/locations";
import { SCHEDULE_MAX_DAYS, ZONE_OFFSETS_DAYS, type LocationsView, type ScheduleEventView, type ShopView } from "../shared/schedule";
import { ScheduleRange } from "../shared/schedule-input";
import { shopContacts } from "../settings/shops";
import { activePartners } from "./partners";
import { cutoffsOf, eventEnd, eventsBetween, partnersByKey, rangeOf } from "./read";
import { partnerView, scheduleEventView } from "./views";

/**
 * `GET /api/schedule?from=&to=`: active onsite days and delivery runs at an active partner from `from` (default
 * today, never before) to `to` (default 60 days on, at most 366), by date and start time; one that has ended
 * (its end time today is past) is left out. A full one is listed with `seatsLeft` 0.
 */
export const schedule = /* @__PURE__ */ fn({ role: "public", input: ScheduleRange }, async (_actor, query): Promise<{ items: ScheduleEventView[] }> => {
  const now = new Date();
  const today = todayOf(now);
  const { from, to } = rangeOf(query, today, today);
  const events = (await eventsBetween(from, to)).filter(
    (event) => event.isActive && event.eventType !== "OVERNIGHT_CUTOFF" && !!event.partnerKey && eventEnd(event).getTime() > now.getTime(),
  );
  const partners = await partnersByKey(events.map((event) => event.partnerKey!));
  return {
    items: events.flatMap((event) => {
      const partner = partners.get(event.partnerKey!);
      return partner?.isActive ? [scheduleEventView(event, partner)] : [];
    }),
  };
});

/**
 * `GET /api/locations`: both shops (their contact as an admin set it, closed dates and cutoffs from today on, the pickup day of a drop-off now),
 * the active partner clubs, and the shops' zone offsets for the weeks ahead (the booking page's clock).
 */
export const locations = /* @__PURE__ */ fn({ role: "public", input: NoInput }, async (): Promise<LocationsView> => {
  const now = new Date();
  const today = todayOf(now);
  const [events, partners, contacts] = await Promise.all([eventsBetween(today, addDays(today, SCHEDULE_MAX_DAYS)), activePartners(), shopContacts()]);
  const shops: ShopView[] = SHOP_LOCATIONS.map((shop) => {
    const cutoffs = cutoffsOf(events, shop.value);
    const dropoff = nextOpening(shop, now);
    return {
      value: shop.value,
      label: shop.label,
      ...contacts[shop.value],
      weekHours: [...shop.weekHours],
      closedDates: shop.closedDates.filter((date) => date >= today),
      cutoffs,
      nextPickupDate: pickupDateFor(shop, dropoff, cutoffs[localOf(dropoff).date]),
    };
  });
  const day = 24 * 3_600_000;
  const zone = zoneOffsets(new Date(now.getTime() - day), new Date(now.getTime() + ZONE_OFFSETS_DAYS * day));
  return { shops, partners: partners.map(partnerView), zone };
});
