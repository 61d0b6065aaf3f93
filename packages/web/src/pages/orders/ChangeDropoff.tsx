import { formatDate, formatInstant, formatTime, instantOf, type LocalDate } from "@regrip/core/shared/calendar";
import { rescheduleRefusal } from "@regrip/core/shared/reschedule";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Dialog } from "../../components/Dialog";
import { LoadingSpinner } from "../../components/LoadingSpinner";
import { orderQueryKey, ordersQueryKey, type Order } from "../../data/orders";
import { useLocations, useSchedule } from "../../data/schedule";
import { apiJson } from "../../lib/api";
import { downloadFile } from "../../lib/download";
import { failureMessage } from "../../lib/api-error";
import { useToast } from "../../toast/use-toast";
import { clubDays, promisedPickup, shopDays, shopSlots } from "../booking/where-when";

/** True when the order's own customer may still move its drop-off (the server's rule, shared/reschedule.ts). */
const offersDropoffChange = (order: Order) => !!order.dropoffDateTime && order.dropoffLocation !== "COUNTER" && !rescheduleRefusal(order);

/** Downloads the order's drop-off as a calendar file (GET /api/orders/{id}/calendar.ics: signed in, so fetched, then saved). */
function downloadCalendar(order: Order): Promise<void> {
  return downloadFile(`/api/orders/${encodeURIComponent(order.id)}/calendar.ics`, "text/calendar", "regrip-order.ics");
}

/** The form of the dialog: another day and time at the order's shop, or another club day for an onsite order. */
function DropoffForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const id = useId();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const locations = useLocations();
  const schedule = useSchedule();
  const now = useMemo(() => new Date(), []);
  const shop = locations.data?.shops.find((s) => s.value === order.dropoffLocation);
  const days = useMemo(() => (shop ? shopDays(shop, now) : []), [shop, now]);
  const [date, setDate] = useState<LocalDate | undefined>();
  const slots = useMemo(() => (shop && date ? shopSlots(shop, date, now) : []), [shop, date, now]);
  const [time, setTime] = useState<string | undefined>();
  const [eventId, setEventId] = useState<string | undefined>();
  const onsite = clubDays(schedule.data ?? []).filter((event) => event.id !== order.scheduleEventId && event.seatsLeft > 0);
  const clubPickup = order.pickupLocation === "ONSITE" && !order.isOnsite;

  const save = useMutation({
    mutationFn: () =>
      apiJson<Order>(
        "POST",
        `/api/orders/${encodeURIComponent(order.id)}/reschedule`,
        order.isOnsite ? { scheduleEventId: eventId } : { dropoffDateTime: instantOf(date!, time!).toISOString() },
      ),
    onSuccess: (moved) => {
      queryClient.setQueryData(orderQueryKey(order.id), moved);
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey, exact: true });
      // The time it already had (chosen again): nothing changed, and it says so.
      const same = moved.dropoffDateTime === order.dropoffDateTime && moved.scheduleEventId === order.scheduleEventId;
      toast(same ? { title: "Drop-off Unchanged", description: "That is the drop-off you already have." } : { title: "Drop-off Changed", description: "We'll remind you the day before." });
      onDone();
    },
  });

  const ready = !!(order.isOnsite ? eventId : date && time && slots.includes(time));
  let fields;
  if (order.isOnsite) {
    if (schedule.isPending) fields = <LoadingSpinner text="Loading the club days..." />;
    else if (onsite.length === 0) fields = <p className="muted">No other club day with a seat left is scheduled. Please contact the shop.</p>;
    else
      fields = (
        <div className="field">
          <label htmlFor={`${id}-event`}>New club day</label>
          <select id={`${id}-event`} value={eventId ?? ""} onChange={(event) => setEventId(event.target.value || undefined)}>
            <option value="">Choose a club day</option>
            {onsite.map((event) => (
              <option key={event.id} value={event.id}>
                {`${formatDate(event.date)} at ${event.partner.name}, from ${formatTime(event.startTime)}`}
              </option>
            ))}
          </select>
        </div>
      );
  } else if (locations.isPending) fields = <LoadingSpinner text="Loading the shop's hours..." />;
  else if (!shop) fields = <p className="form-error">Unable to load the shop's hours. Please refresh the page.</p>;
  else
    fields = (
      <>
        <div className="field">
          <label htmlFor={`${id}-day`}>New drop-off day</label>
          <select
            id={`${id}-day`}
            value={date ?? ""}
            onChange={(event) => {
              const day = event.target.value || undefined;
              setDate(day);
              setTime(day ? shopSlots(shop, day, now)[0] : undefined);
            }}
          >
            <option value="">Choose a day</option>
            {days.map((day) => (
              <option key={day} value={day}>
                {formatDate(day)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-time`}>New drop-off time</label>
          <select id={`${id}-time`} value={time ?? ""} disabled={!date} onChange={(event) => setTime(event.target.value || undefined)}>
            <option value="">Choose a time</option>
            {slots.map((slot) => (
              <option key={slot} value={slot}>
                {formatTime(slot)}
              </option>
            ))}
          </select>
        </div>
        {date && time && slots.includes(time) && (
          <p className="promise" role="status" data-testid="new-promise">
            {clubPickup
              ? `Ready at the shop ${formatDate(promisedPickup(shop, date, time))}, then on the next delivery run to ${order.partner?.name ?? "your club"}`
              : `Ready ${formatDate(promisedPickup(shop, date, time))} at ${shop.label}`}
          </p>
        )}
      </>
    );

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) save.mutate();
      }}
    >
      {fields}
      {save.isError && (
        <p className="field-error" role="alert">
          {failureMessage(save.error)}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn-outline" onClick={onDone}>
          Keep Current Time
        </button>
        <button type="submit" className="btn btn-primary" disabled={!ready || save.isPending}>
          {save.isPending ? "Saving..." : "Change Drop-off"}
        </button>
      </div>
    </form>
  );
}

/**
 * The drop-off's own actions on the order page: Change drop-off (until check-in: POST /api/orders/{id}/reschedule,
 * the pickup day recomputed by the server as a booking's) and Add to calendar (the `.ics`). `open` starts with the
 * dialog open: the drop-off reminder's link (`?change=dropoff`); `save` saves the `.ics` once as the page opens: the
 * confirmation email's Add to calendar link (`?calendar=1`).
 */
export function DropoffActions({ order, open = false, save = false }: { order: Order; open?: boolean; save?: boolean }) {
  const [changing, setChanging] = useState(open);
  const { toast } = useToast();
  const offered = offersDropoffChange(order);
  const saved = useRef(false);
  const addToCalendar = () =>
    downloadCalendar(order).catch((error: unknown) => toast({ title: "Calendar Failed", description: failureMessage(error), variant: "destructive" }));
  useEffect(() => {
    if (!save || !offered || saved.current) return;
    saved.current = true;
    void addToCalendar();
    // Once per page opened: the order's later updates do not download it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [save, offered]);
  if (!offered) return null;
  return (
    <section className="card" aria-labelledby="dropoff-actions-title">
      <h2 id="dropoff-actions-title">Your Drop-off</h2>
      <p className="muted">
        {order.isOnsite ? "Can't make this club day? Move to another one until check-in." : "Need another time? Change it until check-in; the pickup day follows."}
      </p>
      <div className="dropoff-actions">
        <button type="button" className="btn btn-outline" onClick={() => setChanging(true)}>
          Change Drop-off
        </button>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => void addToCalendar()}
        >
          Add to Calendar
        </button>
      </div>
      {changing && (
        <Dialog
          title={order.isOnsite ? "Change your club day" : "Change your drop-off"}
          description={`Now: ${formatInstant(new Date(order.dropoffDateTime!))}`}
          onClose={() => setChanging(false)}
        >
          <DropoffForm order={order} onDone={() => setChanging(false)} />
        </Dialog>
      )}
    </section>
  );
}
