import { formatDate, formatTime, type LocalDate } from "@regrip/core/shared/calendar";
import { useId } from "react";
import { LoadingSpinner } from "../../components/LoadingSpinner";
import type { BookableLocation } from "../../data/orders";
import type { LocationsView, ScheduleEventView, ShopView } from "../../data/schedule";
import { deliveryClubs, clubDays, type WhereKind, type WhereWhen } from "./where-when";

interface Props {
  locations: LocationsView | undefined;
  schedule: ScheduleEventView[] | undefined;
  loading: boolean;
  failed: boolean;
  shop: BookableLocation;
  where: WhereWhen;
  /** The days and times the chosen shop's picker offers (shared/calendar.ts dropoffDays, dropoffSlots). */
  days: LocalDate[];
  slots: string[];
  /** The promised pickup day at the shop for the chosen drop-off; the delivery run for a club. */
  readyDate: LocalDate | undefined;
  deliveryRun: ScheduleEventView | undefined;
  /** The booking's refusal that belongs here (a time the shop is closed, a full day). */
  error?: string;
  onShop: (shop: BookableLocation) => void;
  onChange: (where: WhereWhen) => void;
}

const timesOf = (event: Pick<ScheduleEventView, "startTime" | "endTime">) =>
  event.endTime ? `${formatTime(event.startTime)} to ${formatTime(event.endTime)}` : `from ${formatTime(event.startTime)}`;

const seatsWords = (seatsLeft: number) => (seatsLeft <= 0 ? "Full" : seatsLeft === 1 ? "1 seat left" : `${seatsLeft} seats left`);

function MapsLink({ url, name }: { url: string | null; name: string }) {
  if (!url) return null;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="maps-link">
      Map<span className="visually-hidden">{` of ${name} (opens in a new tab)`}</span>
    </a>
  );
}

function ShopChoice({ shop, checked, name, onChoose }: { shop: ShopView; checked: boolean; name: string; onChoose: () => void }) {
  return (
    <label className={checked ? "choice choice-selected shop-choice" : "choice shop-choice"}>
      <input type="radio" name={name} value={shop.value} checked={checked} onChange={onChoose} />
      <span className="choice-text">
        <span className="choice-title">{shop.label}</span>
        <span className="choice-detail">{shop.address.join(", ")}</span>
        <span className="choice-detail shop-hours">
          {shop.hours.map(([days, times]) => (
            <span key={days}>{`${days}: ${times}`}</span>
          ))}
        </span>
      </span>
    </label>
  );
}

/**
 * The booking's where-and-when step: a shop with a drop-off day and time and the day it is promised
 * back; or a seat on an onsite day at a partner club; or a shop drop-off picked up at a club on a delivery run.
 */
export function WhereWhenStep({ locations, schedule, loading, failed, shop, where, days, slots, readyDate, deliveryRun, error, onShop, onChange }: Props) {
  const id = useId();
  const onsite = clubDays(schedule ?? []);
  const clubs = deliveryClubs(schedule ?? []);
  const kinds: { kind: WhereKind; title: string; detail: string; offered: boolean }[] = [
    { kind: "shop", title: "Drop off at a shop", detail: "Choose a shop, a day and a time", offered: true },
    {
      kind: "onsite",
      title: "On-site gripping day",
      detail: onsite.length ? "We regrip at a partner club while you play" : "No club day is scheduled yet",
      offered: onsite.length > 0,
    },
    {
      kind: "delivery",
      title: "Pick up at a club",
      detail: clubs.length ? "Drop off at a shop; we deliver it to your club" : "No delivery run is scheduled yet",
      offered: clubs.length > 0,
    },
  ];
  const chosenShop = locations?.shops.find((s) => s.value === shop);
  const errorId = `${id}-error`;

  let content;
  if (loading) content = <LoadingSpinner text="Loading the shops' hours..." />;
  else if (failed || !locations) content = <p className="form-error">Unable to load the shops' hours. Please refresh the page.</p>;
  else
    content = (
      <>
        <div className="choice-grid where-kinds" role="radiogroup" aria-label="Where">
          {kinds.map(({ kind, title, detail, offered }) => (
            <label key={kind} className={`choice${where.kind === kind ? " choice-selected" : ""}${offered ? "" : " choice-disabled"}`}>
              <input type="radio" name={`${id}-kind`} value={kind} checked={where.kind === kind} disabled={!offered} onChange={() => onChange({ ...where, kind })} />
              <span className="choice-text">
                <span className="choice-title">{title}</span>
                <span className="choice-detail">{detail}</span>
              </span>
            </label>
          ))}
        </div>

        {where.kind === "onsite" ? (
          <fieldset className="where-field">
            <legend>Club day *</legend>
            <div className="choice-grid onsite-days">
              {onsite.map((event) => {
                const full = event.seatsLeft <= 0;
                const checked = where.eventId === event.id;
                return (
                  <div key={event.id} className={`choice event-choice${checked ? " choice-selected" : ""}${full ? " choice-disabled" : ""}`}>
                    <input
                      type="radio"
                      id={`${id}-event-${event.id}`}
                      name={`${id}-event`}
                      value={event.id}
                      checked={checked}
                      disabled={full}
                      aria-describedby={`${id}-event-${event.id}-detail`}
                      onChange={() => onChange({ ...where, eventId: event.id })}
                    />
                    <span className="choice-text">
                      <label htmlFor={`${id}-event-${event.id}`} className="choice-title">
                        {`${formatDate(event.date)} at ${event.partner.name}`}
                      </label>
                      <span id={`${id}-event-${event.id}-detail`} className="choice-detail">
                        {`${timesOf(event)} · ${event.partner.address ?? "Address to come"} · ${seatsWords(event.seatsLeft)}`}
                      </span>
                      <MapsLink url={event.partner.mapsUrl} name={event.partner.name} />
                    </span>
                  </div>
                );
              })}
            </div>
            {where.eventId && (
              <p className="promise" role="status">
                {(() => {
                  const event = onsite.find((e) => e.id === where.eventId);
                  return event ? `Bring your paddle to ${event.partner.name} on ${formatDate(event.date)}, ${timesOf(event)}. It's ready the same day.` : "";
                })()}
              </p>
            )}
          </fieldset>
        ) : (
          <>
            <fieldset className="where-field">
              <legend>Drop-off shop *</legend>
              <div className="choice-grid">
                {locations.shops.map((s) => (
                  <ShopChoice key={s.value} shop={s} checked={s.value === shop} name={`${id}-shop`} onChoose={() => onShop(s.value)} />
                ))}
              </div>
            </fieldset>
            <div className="form-grid">
              <div className="field">
                <label htmlFor={`${id}-day`}>Drop-off day *</label>
                <select
                  id={`${id}-day`}
                  value={where.dropoffDate ?? ""}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  onChange={(event) => onChange({ ...where, dropoffDate: event.target.value || undefined, dropoffTime: undefined })}
                >
                  {!where.dropoffDate && <option value="">Choose a day</option>}
                  {days.map((day) => (
                    <option key={day} value={day}>
                      {formatDate(day)}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor={`${id}-time`}>Drop-off time *</label>
                <select
                  id={`${id}-time`}
                  value={where.dropoffTime ?? ""}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  onChange={(event) => onChange({ ...where, dropoffTime: event.target.value || undefined })}
                >
                  {!where.dropoffTime && <option value="">Choose a time</option>}
                  {slots.map((time) => (
                    <option key={time} value={time}>
                      {formatTime(time)}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            {where.kind === "delivery" && (
              <div className="field">
                <label htmlFor={`${id}-club`}>Pick up at *</label>
                <select id={`${id}-club`} value={where.pickupPartner ?? ""} onChange={(event) => onChange({ ...where, pickupPartner: event.target.value || undefined })}>
                  {!where.pickupPartner && <option value="">Choose a club</option>}
                  {clubs.map((club) => (
                    <option key={club.locationKey} value={club.locationKey}>
                      {club.name}
                    </option>
                  ))}
                </select>
              </div>
            )}
            {readyDate && chosenShop && (
              <p className="promise" role="status" data-testid="promise">
                {where.kind === "delivery" && where.pickupPartner
                  ? deliveryRun
                    ? `Delivered to ${deliveryRun.partner.name} on ${formatDate(deliveryRun.date)}`
                    : // The page's own words (shared/schedule.ts carries zod, which this page's first load must not).
                      `No delivery run to ${clubs.find((c) => c.locationKey === where.pickupPartner)?.name ?? "that club"} leaves after your paddle is ready on ${formatDate(readyDate)}. Choose another club, or pick up at the shop.`
                  : `Ready ${formatDate(readyDate)} at ${chosenShop.label}`}
              </p>
            )}
          </>
        )}
        {error && (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        )}
      </>
    );

  return (
    <section className="booking-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <span className="step-number" aria-hidden="true">
          4
        </span>
        Where and when
      </h2>
      {content}
    </section>
  );
}
