/**
 * An order's drop-off in words and as a calendar file, written once: where and when, what to bring (read by the
 * drop-off reminder, reminders/index.ts, and the `.ics` of GET /api/orders/{id}/calendar.ics), and the file itself
 * (RFC 5545). Browser-safe; the shop's name and address come from shared/locations.ts.
 */
import { formatInstant } from "./calendar";
import { shopLocation } from "./locations";
import { orderReference } from "./orders";

/** What of an order its drop-off is said from. */
export interface DropoffOrder {
  id: string;
  number?: number | string | null;
  dropoffLocation?: string | null;
  dropoffDateTime?: string | null;
  pickupDate?: string | null;
  isOnsite?: boolean | null;
  bagNumber?: string | null;
  partner?: { name: string; address?: string | null } | null;
  paddle?: { nickname?: string | null } | null;
}

/** How long the drop-off's calendar event lasts (a shop drop-off is a few minutes at the counter). */
export const DROPOFF_EVENT_MINUTES = 30;

/** Where the paddle is dropped off: the shop (its name and address) or the partner club of an onsite day. */
export function dropoffPlace(order: DropoffOrder): { name: string; address: string } {
  if (order.isOnsite && order.partner) return { name: order.partner.name, address: order.partner.address ?? "" };
  const shop = shopLocation(order.dropoffLocation);
  return shop ? { name: shop.label, address: shop.address.join(", ") } : { name: "Regrip", address: "" };
}

/** When, in the shop's words: "Tuesday, December 1 at 10 am". */
export const dropoffWhen = (order: DropoffOrder): string => (order.dropoffDateTime ? formatInstant(new Date(order.dropoffDateTime)) : "");

/** What to bring: the paddle, in its bag when the order has one. */
export function whatToBring(order: DropoffOrder): string {
  const paddle = order.paddle?.nickname ? `your paddle "${order.paddle.nickname}"` : "your paddle";
  return order.bagNumber ? `Bring ${paddle} in bag ${order.bagNumber} (no bag yet? the shop hands you one).` : `Bring ${paddle}.`;
}

/** A text value escaped for an `.ics` line (RFC 5545 3.3.11). */
const escaped = (text: string) => text.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
/** `20261201T170000Z`. */
const stamp = (at: number) => new Date(at).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

/** Lines longer than 75 octets folded (RFC 5545 3.1): continued on the next line after a space. */
function folded(line: string): string {
  const parts: string[] = [];
  let rest = line;
  while (new TextEncoder().encode(rest).length > 75) {
    let cut = 74;
    while (new TextEncoder().encode(rest.slice(0, cut)).length > 74) cut--;
    parts.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  parts.push(rest);
  return parts.join("\r\n ");
}

/**
 * The order's drop-off as an `.ics` calendar file: one event at the drop-off time, at the drop-off place, with what
 * to bring and the order page's link. Its UID is the order's, so a calendar that imports it again after a
 * reschedule replaces the event (SEQUENCE grows with `updatedAt`).
 */
export function dropoffIcs(order: DropoffOrder & { updatedAt?: string | null }, options: { orderUrl: string; now: Date }): string {
  const start = Date.parse(order.dropoffDateTime ?? "");
  const place = dropoffPlace(order);
  const reference = orderReference(order);
  const description = [whatToBring(order), `Order ${reference}: ${options.orderUrl}`, "To change the time or cancel, open the order."].join("\n");
  const sequence = Math.max(0, Math.floor(Date.parse(order.updatedAt ?? "") / 1000) || 0) % 2_000_000_000;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Regrip//Order drop-off//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${order.id}-dropoff@regrip`,
    `SEQUENCE:${sequence}`,
    `DTSTAMP:${stamp(options.now.getTime())}`,
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(start + DROPOFF_EVENT_MINUTES * 60_000)}`,
    `SUMMARY:${escaped(`Drop off your paddle at ${place.name} (order ${reference})`)}`,
    `LOCATION:${escaped([place.name, place.address].filter(Boolean).join(", "))}`,
    `DESCRIPTION:${escaped(description)}`,
    `URL:${escaped(options.orderUrl)}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(folded).join("\r\n")}\r\n`;
}

/** The file's name: `regrip-R-1042.ics`. */
export const icsFileName = (order: DropoffOrder) => `regrip-${orderReference(order)}.ics`;
