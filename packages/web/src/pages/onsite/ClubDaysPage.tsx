import { formatDate, formatTime } from "@regrip/core/shared/calendar";
import type { ScheduleEventView } from "@regrip/core/shared/schedule";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { usePageMeta } from "../../lib/page-meta";
import "../../styles/onsite.css";

type Schedule = { state: "loading" } | { state: "failed" } | { state: "ready"; items: ScheduleEventView[] };

/**
 * GET /api/schedule with a plain fetch: this page is public and prerendered like the landing page, so it carries no
 * query client (app/routes.ts `queries: false`); the prerendered HTML holds its heading and the loading line.
 */
function useUpcoming(): [Schedule, () => void] {
  const [schedule, setSchedule] = useState<Schedule>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    fetch("/api/schedule", { headers: { Accept: "application/json" } })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const body = (await response.json()) as { items: ScheduleEventView[] };
        if (current) setSchedule({ state: "ready", items: body.items });
      })
      .catch(() => current && setSchedule({ state: "failed" }));
    return () => {
      current = false;
    };
  }, [attempt]);
  return [schedule, () => (setSchedule({ state: "loading" }), setAttempt((n) => n + 1))];
}

const seatsWords = (seatsLeft: number) => (seatsLeft <= 0 ? "Full" : seatsLeft === 1 ? "1 seat left" : `${seatsLeft} seats left`);

function EventCard({ event }: { event: ScheduleEventView }) {
  const full = event.seatsLeft <= 0;
  const times = event.endTime ? `${formatTime(event.startTime)} to ${formatTime(event.endTime)}` : `From ${formatTime(event.startTime)}`;
  const titleId = `event-${event.id}`;
  return (
    <li className="event-card">
      <p className="event-date">{formatDate(event.date)}</p>
      <h3 id={titleId}>{event.partner.name}</h3>
      <dl className="event-facts">
        <div>
          <dt>{event.type === "DELIVERY" ? "Delivered" : "Times"}</dt>
          <dd>{event.type === "DELIVERY" ? `${times}, ready at the club` : times}</dd>
        </div>
        <div>
          <dt>Address</dt>
          <dd>
            {event.partner.address ?? "Address to come"}
            {event.partner.mapsUrl && (
              <>
                {" "}
                <a href={event.partner.mapsUrl} target="_blank" rel="noopener noreferrer">
                  Map<span className="visually-hidden">{` of ${event.partner.name} (opens in a new tab)`}</span>
                </a>
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>Seats</dt>
          <dd className={full ? "event-full" : undefined}>{seatsWords(event.seatsLeft)}</dd>
        </div>
      </dl>
      {full ? (
        <p className="event-full-note">This one is full. Choose another day, or drop off at a shop.</p>
      ) : (
        <Link to={`/booking?event=${encodeURIComponent(event.id)}`} className="btn btn-primary">
          Book<span className="visually-hidden">{` ${event.type === "DELIVERY" ? "a pickup" : "a seat"} at ${event.partner.name} on ${formatDate(event.date)}`}</span>
        </Link>
      )}
    </li>
  );
}

function EventList({ items, type, empty }: { items: ScheduleEventView[]; type: ScheduleEventView["type"]; empty: string }) {
  const mine = items.filter((event) => event.type === type);
  if (mine.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="event-list">
      {mine.map((event) => (
        <EventCard key={event.id} event={event} />
      ))}
    </ul>
  );
}

/** Public: the upcoming on-site gripping days and delivery runs at partner clubs, each with a Book link. */
export default function ClubDaysPage() {
  usePageMeta(
    "On-site Gripping Days at Clubs",
    "Regrip comes to your club: upcoming on-site gripping days and delivery runs at partner pickleball clubs, with dates, times, addresses and seats left.",
  );
  const [schedule, retry] = useUpcoming();
  return (
    <div className="page onsite-page">
      <header className="page-header">
        <h1>On-site Gripping Days</h1>
        <p>
          We bring the regrip bench to partner clubs: book a seat, hand us your paddle while you play, and take it home
          regripped the same day. Or drop it off at a shop and pick it up at your club on a delivery run.
        </p>
      </header>
      {schedule.state === "loading" && (
        <p className="muted" role="status">
          Loading the schedule...
        </p>
      )}
      {schedule.state === "failed" && (
        <div className="form-error" role="alert">
          <p>Unable to load the schedule. Please try again.</p>
          <button type="button" className="btn btn-outline btn-small" onClick={retry}>
            Retry
          </button>
        </div>
      )}
      {schedule.state === "ready" && (
        <>
          <section aria-labelledby="onsite-days-title">
            <h2 id="onsite-days-title">On-site gripping days</h2>
            <EventList items={schedule.items} type="ONSITE_GRIPPING" empty="No club day is scheduled right now. Check back soon, or book a shop drop-off." />
          </section>
          <section aria-labelledby="delivery-runs-title">
            <h2 id="delivery-runs-title">Delivery runs to clubs</h2>
            <p>Drop your paddle off at a shop; we deliver it, regripped, to the club on the run's day.</p>
            <EventList items={schedule.items} type="DELIVERY" empty="No delivery run is scheduled right now." />
          </section>
        </>
      )}
      <p className="onsite-shops">
        Rather come to us? <Link to="/booking">Book a drop-off</Link> at Littleton or Highlands Ranch.
      </p>
    </div>
  );
}
