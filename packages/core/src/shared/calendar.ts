/**
 * The shop's calendar, browser-safe and written once: a shop's hours by weekday and its closed dates,
 * the overnight cutoff, the business days, and the pickup day a drop-off is promised. The booking page shows the
 * promise with these functions and the server writes the order with the same ones.
 *
 * Every local date and time is the shop's, in `SHOP_TIME_ZONE` (America/Denver), whatever the zone of the machine
 * running it: instants are converted with `Intl` (full ICU in Node 20+ and every browser), so a daylight-saving
 * change never moves a promised day. The browser converts with the zone's offsets the server read that way
 * (`ZoneOffsets`, sent with GET /api/locations) for the weeks they cover: a page's first `Intl` date formatting
 * loads the browser's time-zone data, a long task on a phone.
 *
 * The rule: a paddle dropped off before the day's cutoff is ready the next business day; at or after it, the
 * business day after that. A drop-off on a closed day (or before opening) counts as made at the next opening.
 * The cutoff is the day's OVERNIGHT_CUTOFF event when the shop scheduled one, else the default from the hours
 * (`DEFAULT_CUTOFF_BEFORE_CLOSE_MINUTES` before closing).
 */

export const SHOP_TIME_ZONE = "America/Denver";

/** `YYYY-MM-DD`, a date on the shop's calendar. */
export type LocalDate = string;
/** `HH:MM`, 24-hour, the shop's wall clock. */
export type LocalTime = string;

export const LOCAL_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const LOCAL_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A day's opening hours; `cutoff` is the default overnight cutoff (the day's OVERNIGHT_CUTOFF event overrides it). */
export interface DayHours {
  open: LocalTime;
  close: LocalTime;
  cutoff: LocalTime;
}

/** Opening hours by weekday, Sunday first (index 0, as `Date#getUTCDay`); null is closed all day. */
export type WeekHours = readonly (DayHours | null)[];

/** A shop's calendar: its hours by weekday and the dates it is closed (holidays). */
export interface ShopCalendar {
  weekHours: WeekHours;
  closedDates: readonly LocalDate[];
}

/** The default cutoff: this long before closing (a Friday closing at 7 pm cuts off at 3 pm). */
export const DEFAULT_CUTOFF_BEFORE_CLOSE_MINUTES = 240;
/** A customer may book a drop-off up to this many days ahead (today is day 0). */
export const DROPOFF_DAYS_AHEAD = 30;
/** The drop-off picker offers a time every this many minutes within the hours. */
export const DROPOFF_SLOT_MINUTES = 30;
/** A drop-off time this far in the past is still taken (the form was open a while): the paddle is simply on its way. */
export const DROPOFF_PAST_GRACE_MINUTES = 30;

export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

// ---------------------------------------------------------------------------------------------
// Minutes, dates and weekdays (pure arithmetic on the calendar: no time zone involved)
// ---------------------------------------------------------------------------------------------

/** Minutes since midnight of `HH:MM`. */
export const minutesOf = (time: LocalTime): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** `HH:MM` of minutes since midnight (0 to 1439). */
export const timeOfMinutes = (minutes: number): LocalTime =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** The hours of a day open `open` to `close`, cutting off `DEFAULT_CUTOFF_BEFORE_CLOSE_MINUTES` before closing (never before opening). */
export function dayHours(open: LocalTime, close: LocalTime): DayHours {
  return { open, close, cutoff: timeOfMinutes(Math.max(minutesOf(open), minutesOf(close) - DEFAULT_CUTOFF_BEFORE_CLOSE_MINUTES)) };
}

const utcOfDate = (date: LocalDate): number => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));

/** True when `date` is a real `YYYY-MM-DD` date (no February 30). */
export function isLocalDate(date: unknown): date is LocalDate {
  return typeof date === "string" && LOCAL_DATE.test(date) && new Date(utcOfDate(date)).toISOString().slice(0, 10) === date;
}

/** `date` plus `days` calendar days. */
export function addDays(date: LocalDate, days: number): LocalDate {
  return new Date(utcOfDate(date) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  return Math.round((utcOfDate(to) - utcOfDate(from)) / 86_400_000);
}

/** 0 (Sunday) to 6 (Saturday). */
export const weekdayOf = (date: LocalDate): number => new Date(utcOfDate(date)).getUTCDay();

// ---------------------------------------------------------------------------------------------
// Instants and the shop's wall clock
// ---------------------------------------------------------------------------------------------

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The shop's date and time at `instant`. */
export function localOf(instant: Date, timeZone = SHOP_TIME_ZONE): { date: LocalDate; time: LocalTime; weekday: number } {
  const wall = new Date(instant.getTime() + offsetAt(instant.getTime(), timeZone)).toISOString();
  const date = wall.slice(0, 10);
  return { date, time: wall.slice(11, 16), weekday: weekdayOf(date) };
}

/** Milliseconds the zone is ahead of UTC at `instant` (Denver: -6 h in summer, -7 h in winter), as `Intl` reads it. */
function intlOffsetAt(instant: number, timeZone: string): number {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) parts[part.type] = part.value;
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * A zone's offsets from UTC over a span of time, as `Intl` read them where it runs anyway (the server, for
 * GET /api/locations). `rememberZoneOffsets` hands them to this module, which then converts instants in the span
 * without `Intl`: what the booking page does, so that neither its first render nor its data's pays for loading the
 * browser's time-zone data.
 */
export interface ZoneOffsets {
  timeZone: string;
  /** The span covered, in milliseconds since the epoch: from `from` (included) to `until` (excluded). */
  from: number;
  until: number;
  /** From each instant on, the offset (milliseconds ahead of UTC) until the next; ascending, the first at `from`. */
  changes: [at: number, offset: number][];
}

const HOUR = 3_600_000;

/** The offsets of `timeZone` from `from` to `until`, read with `Intl`. */
export function zoneOffsets(from: Date, until: Date, timeZone = SHOP_TIME_ZONE): ZoneOffsets {
  const start = from.getTime();
  const end = until.getTime();
  const changes: [number, number][] = [[start, intlOffsetAt(start, timeZone)]];
  // Six hours at a time (a zone changes a few times a year at most), then the change itself, on a whole second.
  for (let before = start; before < end - 1; ) {
    const after = Math.min(before + 6 * HOUR, end - 1);
    const offset = intlOffsetAt(after, timeZone);
    if (offset !== changes[changes.length - 1][1]) {
      let low = Math.floor(before / 1000);
      let high = Math.ceil(after / 1000);
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (intlOffsetAt(middle * 1000, timeZone) === offset) high = middle;
        else low = middle;
      }
      changes.push([high * 1000, offset]);
    }
    before = after;
  }
  return { timeZone, from: start, until: end, changes };
}

const rememberedOffsets = new Map<string, ZoneOffsets>();

/** From now on, converts instants in `offsets`'s span with them rather than with `Intl`. */
export function rememberZoneOffsets(offsets: ZoneOffsets): void {
  rememberedOffsets.set(offsets.timeZone, offsets);
}

/** Milliseconds the zone is ahead of UTC at `instant`: from the remembered offsets when they cover it, else `Intl`. */
function offsetAt(instant: number, timeZone: string): number {
  const known = rememberedOffsets.get(timeZone);
  if (!known || !(instant >= known.from && instant < known.until)) return intlOffsetAt(instant, timeZone);
  let offset = known.changes[0][1];
  for (const [at, next] of known.changes) {
    if (at > instant) break;
    offset = next;
  }
  return offset;
}

/**
 * The instant the shop's clock reads `time` on `date`. A time the clocks skip (2:30 am on the spring change) is
 * read an hour later (3:30 am); a time they repeat (1:30 am in autumn) is its first occurrence.
 */
export function instantOf(date: LocalDate, time: LocalTime, timeZone = SHOP_TIME_ZONE): Date {
  const wall = utcOfDate(date) + minutesOf(time) * 60_000;
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  if (first === second) return new Date(first);
  // The two readings disagree across a change: take the one whose wall clock reads `time`, earliest first.
  const candidates = [Math.min(first, second), Math.max(first, second)];
  const exact = candidates.find((candidate) => localOf(new Date(candidate), timeZone).time === time);
  return new Date(exact ?? Math.max(first, second));
}

/** The shop's date today. */
export const todayOf = (now: Date): LocalDate => localOf(now).date;

// ---------------------------------------------------------------------------------------------
// Business days
// ---------------------------------------------------------------------------------------------

/** A business day the scan gives up after (a calendar closed for longer than this is a mistake). */
const MAX_SCAN_DAYS = 366;

/** The shop's hours on `date`, or null when it is closed that day (its weekday or a closed date). */
export function hoursOn(calendar: ShopCalendar, date: LocalDate): DayHours | null {
  if (calendar.closedDates.includes(date)) return null;
  return calendar.weekHours[weekdayOf(date)] ?? null;
}

export const isBusinessDay = (calendar: ShopCalendar, date: LocalDate): boolean => hoursOn(calendar, date) !== null;

/** The first business day strictly after `date`. */
export function nextBusinessDay(calendar: ShopCalendar, date: LocalDate): LocalDate {
  for (let day = addDays(date, 1), n = 0; n < MAX_SCAN_DAYS; day = addDays(day, 1), n++) {
    if (isBusinessDay(calendar, day)) return day;
  }
  throw new Error(`No business day within ${MAX_SCAN_DAYS} days after ${date}`);
}

/** True when the shop is open at `instant`: a business day, at or after opening and before closing. */
export function isOpenAt(calendar: ShopCalendar, instant: Date): boolean {
  const { date, time } = localOf(instant);
  const hours = hoursOn(calendar, date);
  return !!hours && minutesOf(time) >= minutesOf(hours.open) && minutesOf(time) < minutesOf(hours.close);
}

/**
 * The day a paddle dropped off at `dropoff` is ready: the next business day when it came in before the cutoff
 * (`cutoff`, the day's OVERNIGHT_CUTOFF event, else the hours' default), else the business day after that. A
 * drop-off on a closed day, or after closing, waits for the next opening; one before opening is before the cutoff.
 */
export function pickupDateFor(calendar: ShopCalendar, dropoff: Date, cutoff?: LocalTime | null): LocalDate {
  const { date, time } = localOf(dropoff);
  const hours = hoursOn(calendar, date);
  const beforeCutoff = !!hours && minutesOf(time) < minutesOf(cutoff ?? hours.cutoff) && minutesOf(time) < minutesOf(hours.close);
  const ready = nextBusinessDay(calendar, date);
  return beforeCutoff ? ready : nextBusinessDay(calendar, ready);
}

// ---------------------------------------------------------------------------------------------
// Drop-off times
// ---------------------------------------------------------------------------------------------

export const DROPOFF_TIME_INVALID = "Please choose a valid drop-off time";
export const DROPOFF_TIME_PAST = "Please choose a drop-off time from now on";
export const DROPOFF_TIME_TOO_FAR = `Please choose a drop-off time within the next ${DROPOFF_DAYS_AHEAD} days`;
/** The shop is closed at the chosen time: names the shop and that day's hours (or that it is closed all day). */
export function dropoffClosedMessage(shopLabel: string, hours: DayHours | null, date: LocalDate): string {
  return hours
    ? `${shopLabel} is open ${formatTime(hours.open)} to ${formatTime(hours.close)} on ${formatDate(date)}. Please choose a drop-off time within those hours.`
    : `${shopLabel} is closed on ${formatDate(date)}. Please choose another day.`;
}

/** Why a drop-off at `instant` cannot be booked at this shop (`now` is when it is booked), or undefined when it can. */
export function dropoffRefusal(calendar: ShopCalendar, shopLabel: string, instant: Date, now: Date): string | undefined {
  if (Number.isNaN(instant.getTime())) return DROPOFF_TIME_INVALID;
  if (instant.getTime() < now.getTime() - DROPOFF_PAST_GRACE_MINUTES * 60_000) return DROPOFF_TIME_PAST;
  const { date } = localOf(instant);
  if (daysBetween(todayOf(now), date) > DROPOFF_DAYS_AHEAD) return DROPOFF_TIME_TOO_FAR;
  if (!isOpenAt(calendar, instant)) return dropoffClosedMessage(shopLabel, hoursOn(calendar, date), date);
  return undefined;
}

/** The drop-off times the picker offers on `date`: every slot from opening to the last before closing, none already past. */
export function dropoffSlots(calendar: ShopCalendar, date: LocalDate, now: Date): LocalTime[] {
  return slotsFrom(calendar, date, now, todayOf(now));
}

/**
 * `dropoffSlots` with the shop's `today` already known. Only today's slots are compared with `now` (each an
 * instant in the shop's zone, which costs the browser a formatting call or two): a slot on a later day is never
 * past, and one on an earlier day always is, so the 30 days the picker offers take 30 of those calls, not 1,000.
 */
function slotsFrom(calendar: ShopCalendar, date: LocalDate, now: Date, today: LocalDate): LocalTime[] {
  const hours = hoursOn(calendar, date);
  if (!hours || date < today) return [];
  const slots: LocalTime[] = [];
  for (let minutes = minutesOf(hours.open); minutes < minutesOf(hours.close); minutes += DROPOFF_SLOT_MINUTES) {
    const time = timeOfMinutes(minutes);
    if (date > today || instantOf(date, time).getTime() >= now.getTime()) slots.push(time);
  }
  return slots;
}

/** The days the picker offers: today and the next `DROPOFF_DAYS_AHEAD` days, those with a slot left. */
export function dropoffDays(calendar: ShopCalendar, now: Date): LocalDate[] {
  const today = todayOf(now);
  const days: LocalDate[] = [];
  for (let n = 0; n <= DROPOFF_DAYS_AHEAD; n++) {
    const date = addDays(today, n);
    if (slotsFrom(calendar, date, now, today).length > 0) days.push(date);
  }
  return days;
}

/**
 * When a booking that names no drop-off time drops off: now when the shop is open, else its next opening.
 * (A booking made through the API without a time, as the older clients did, is never refused for the hour.)
 */
export function nextOpening(calendar: ShopCalendar, now: Date): Date {
  if (isOpenAt(calendar, now)) return now;
  const today = todayOf(now);
  for (let n = 0; n < MAX_SCAN_DAYS; n++) {
    const date = addDays(today, n);
    const hours = hoursOn(calendar, date);
    if (!hours) continue;
    const opening = instantOf(date, hours.open);
    if (opening.getTime() > now.getTime()) return opening;
  }
  throw new Error(`The shop does not open within ${MAX_SCAN_DAYS} days`);
}

// ---------------------------------------------------------------------------------------------
// Words
// ---------------------------------------------------------------------------------------------

/** "Monday, November 30" (the year only when it is not `thisYear`'s). */
export function formatDate(date: LocalDate, thisYear?: number): string {
  const year = Number(date.slice(0, 4));
  const words = `${WEEKDAY_NAMES[weekdayOf(date)]}, ${MONTH_NAMES[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`;
  return thisYear === undefined || thisYear === year ? words : `${words}, ${year}`;
}

/** "3 pm", "10:30 am", "12 pm". */
export function formatTime(time: LocalTime): string {
  const minutes = minutesOf(time);
  const hour = Math.floor(minutes / 60);
  const minute = minutes % 60;
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}${minute ? `:${String(minute).padStart(2, "0")}` : ""} ${hour < 12 ? "am" : "pm"}`;
}

/** The shop's time at `instant`, in words: "Monday, November 30 at 3:30 pm". */
export function formatInstant(instant: Date): string {
  const { date, time } = localOf(instant);
  return `${formatDate(date)} at ${formatTime(time)}`;
}

/** Opening hours in lines of days and times ("Monday to Friday", "10 am to 7 pm"), runs of equal days joined. */
export function hoursLines(weekHours: WeekHours): [days: string, times: string][] {
  // Monday first, Sunday last, as a shop's door says it.
  const order = [1, 2, 3, 4, 5, 6, 0];
  const words = (hours: DayHours | null) => (hours ? `${formatTime(hours.open)} to ${formatTime(hours.close)}` : "Closed");
  const lines: [string, string][] = [];
  let start = 0;
  for (let i = 1; i <= order.length; i++) {
    if (i < order.length && words(weekHours[order[i]!] ?? null) === words(weekHours[order[start]!] ?? null)) continue;
    const first = WEEKDAY_NAMES[order[start]!]!;
    const last = WEEKDAY_NAMES[order[i - 1]!]!;
    lines.push([first === last ? first : `${first} to ${last}`, words(weekHours[order[start]!] ?? null)]);
    start = i;
  }
  return lines;
}
