import ColumnLayout from "@cloudscape-design/components/column-layout";
import DatePicker from "@cloudscape-design/components/date-picker";
import FormField from "@cloudscape-design/components/form-field";
import Input from "@cloudscape-design/components/input";
import Select, { type SelectProps } from "@cloudscape-design/components/select";
import SpaceBetween from "@cloudscape-design/components/space-between";
import Textarea from "@cloudscape-design/components/textarea";
import TimeInput from "@cloudscape-design/components/time-input";
import { formatDate, todayOf } from "@regrip/core/shared/calendar";
import { SHOP_LOCATIONS } from "@regrip/core/shared/locations";
import { EVENT_TYPE_LABELS, MAX_EVENT_CAPACITY, SCHEDULE_EVENT_TYPES, type PartnerAdminView, type ScheduleAdminView, type ScheduleEventType } from "@regrip/core/shared/schedule";
import { useMutation } from "@tanstack/react-query";
import { isUnauthorizedError } from "../../../lib/api";
import { serverMessage } from "../../../lib/api-error";
import { useToast } from "../../../toast/use-toast";
import { FormModal } from "../FormModal";
import { useFieldForm } from "../use-field-form";
import { atPartner, eventChangeBody, eventFormErrors, eventFormValues, eventRefusalField, newEventBody, type EventField, type EventFormValues } from "./event-form";
import { createEvent, updateEvent } from "./schedule-api";
import { eventPlace } from "./schedule-view";

interface Props {
  /** The event to edit; none to schedule one. */
  event?: ScheduleAdminView;
  /** The partner clubs to choose from (active ones are offered). */
  partners: readonly PartnerAdminView[];
  onDismiss: () => void;
  onSaved: (event: ScheduleAdminView) => void;
}

const typeOptions: SelectProps.Option[] = SCHEDULE_EVENT_TYPES.map((type) => ({ value: type, label: EVENT_TYPE_LABELS[type] }));
const shopOptions: SelectProps.Option[] = SHOP_LOCATIONS.map((shop) => ({ value: shop.value, label: shop.label }));

const dateStrings = {
  openCalendarAriaLabel: (selected: string | null) => (selected ? `Choose the date, ${formatDate(selected)} chosen` : "Choose the date"),
  previousMonthAriaLabel: "Previous month",
  nextMonthAriaLabel: "Next month",
  todayAriaLabel: "Today",
};

/**
 * Schedule Event and Edit Event: an onsite gripping day or a delivery run at a partner club, or a shop's overnight
 * cutoff for a day; its date, start and end, seats and notes. The dialog's checks sit under their fields once Save
 * was tried, and the server's refusal under the field it names (else above the buttons). An event's type and place
 * are set once: customers are booked on it.
 */
export function EventFormModal({ event, partners, onDismiss, onSaved }: Props) {
  const { toast } = useToast();
  const creating = !event;
  const today = todayOf(new Date());
  const form = useFieldForm<EventFormValues, EventField>(() => eventFormValues(event), (values) => eventFormErrors(values, today, event));
  const { values, set, errorOf } = form;
  const title = creating ? "Schedule Event" : "Edit Event";
  const partnerOptions: SelectProps.Option[] = partners
    .filter((partner) => partner.isActive || partner.locationKey === values.partnerKey)
    .map((partner) => ({ value: partner.locationKey, label: partner.name, description: partner.address ?? undefined }));

  const save = useMutation({
    mutationFn: async () => {
      if (!event) return createEvent(newEventBody(values));
      const body = eventChangeBody(values, event);
      // Nothing changed: nothing to send.
      return Object.keys(body).length ? updateEvent(event.id, body) : event;
    },
    onSuccess: (saved) => {
      toast({ title: creating ? "Event Scheduled" : "Event Updated", description: `${EVENT_TYPE_LABELS[saved.eventType]}, ${eventPlace(saved)}, ${formatDate(saved.eventDate)}` });
      onSaved(saved);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      const message = serverMessage(error) ?? (creating ? "Failed to schedule event" : "Failed to update event");
      form.refuse(message, eventRefusalField(message));
      toast({ title: creating ? "Failed to schedule event" : "Failed to update event", description: message, variant: "destructive" });
    },
  });

  const partnerEvent = atPartner(values.eventType);
  // Booked customers' orders carry the event's date and times: those stay (cancel it and schedule another instead).
  const timesFixed = !!event && event.currentBookings > 0;
  const fixedNote = "Customers are booked: cancel the event and schedule another to change the day or times.";
  const chosen = (options: SelectProps.Option[], value: string) => options.find((option) => option.value === value) ?? null;

  return (
    <FormModal
      title={title}
      submitLabel={creating ? "Schedule Event" : "Save Changes"}
      busy={save.isPending}
      refusal={form.refusal}
      size="large"
      onDismiss={onDismiss}
      onSubmit={form.submit(() => save.mutate())}
    >
      <SpaceBetween size="m">
        <ColumnLayout columns={2}>
          <FormField label="Type" constraintText={creating ? undefined : "Set when the event was scheduled."}>
            <Select
              selectedOption={chosen(typeOptions, values.eventType)}
              options={typeOptions}
              disabled={!creating}
              onChange={({ detail }) => set("eventType", detail.selectedOption.value as ScheduleEventType)}
            />
          </FormField>
          {partnerEvent ? (
            <FormField label="Partner club" errorText={errorOf("partnerKey")} constraintText={creating ? undefined : "Set when the event was scheduled."}>
              <Select
                selectedOption={chosen(partnerOptions, values.partnerKey)}
                options={partnerOptions}
                placeholder="Choose a club"
                disabled={!creating}
                invalid={!!errorOf("partnerKey")}
                empty="No active partner clubs: add one on Partners"
                onChange={({ detail }) => set("partnerKey", detail.selectedOption.value ?? "")}
              />
            </FormField>
          ) : (
            <FormField label="Shop" errorText={errorOf("location")} constraintText={creating ? undefined : "Set when the event was scheduled."}>
              <Select
                selectedOption={chosen(shopOptions, values.location)}
                options={shopOptions}
                placeholder="Choose a shop"
                disabled={!creating}
                invalid={!!errorOf("location")}
                onChange={({ detail }) => set("location", detail.selectedOption.value ?? "")}
              />
            </FormField>
          )}
          <FormField label="Date" errorText={errorOf("eventDate")} constraintText={timesFixed ? fixedNote : "YYYY/MM/DD"}>
            <DatePicker
              value={values.eventDate}
              onChange={({ detail }) => set("eventDate", detail.value)}
              placeholder="YYYY/MM/DD"
              locale="en-US"
              isDateEnabled={(date) => localDay(date) >= today}
              i18nStrings={dateStrings}
              disabled={timesFixed}
              invalid={!!errorOf("eventDate")}
            />
          </FormField>
          {partnerEvent ? (
            <FormField label="Capacity" errorText={errorOf("maxCapacity")} constraintText={`Seats customers can book, 1 to ${MAX_EVENT_CAPACITY}.`}>
              <Input
                type="number"
                inputMode="numeric"
                value={values.maxCapacity}
                onChange={({ detail }) => set("maxCapacity", detail.value)}
                invalid={!!errorOf("maxCapacity")}
              />
            </FormField>
          ) : (
            <div />
          )}
          <FormField label={partnerEvent ? "Start time" : "Cutoff time"} errorText={errorOf("startTime")} constraintText="hh:mm, 24-hour, the shop's time">
            <TimeInput disabled={timesFixed} value={values.startTime} onChange={({ detail }) => set("startTime", detail.value)} format="hh:mm" placeholder="hh:mm" invalid={!!errorOf("startTime")} />
          </FormField>
          {partnerEvent && (
            <FormField label="End time (optional)" errorText={errorOf("endTime")} constraintText="hh:mm, 24-hour">
              <TimeInput disabled={timesFixed} value={values.endTime} onChange={({ detail }) => set("endTime", detail.value)} format="hh:mm" placeholder="hh:mm" invalid={!!errorOf("endTime")} />
            </FormField>
          )}
        </ColumnLayout>
        <FormField label="Notes (optional)" errorText={errorOf("notes")}>
          <Textarea value={values.notes} onChange={({ detail }) => set("notes", detail.value)} rows={2} invalid={!!errorOf("notes")} />
        </FormField>
      </SpaceBetween>
    </FormModal>
  );
}

/** A calendar cell's day (the picker hands local midnight) as YYYY-MM-DD. */
function localDay(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}
