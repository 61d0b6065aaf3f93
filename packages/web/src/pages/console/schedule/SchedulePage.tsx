import { useCollection } from "@cloudscape-design/collection-hooks";
import Box from "@cloudscape-design/components/box";
import Button from "@cloudscape-design/components/button";
import ContentLayout from "@cloudscape-design/components/content-layout";
import FormField from "@cloudscape-design/components/form-field";
import Header from "@cloudscape-design/components/header";
import Select, { type SelectProps } from "@cloudscape-design/components/select";
import SpaceBetween from "@cloudscape-design/components/space-between";
import StatusIndicator from "@cloudscape-design/components/status-indicator";
import Table, { type TableProps } from "@cloudscape-design/components/table";
import { addDays, formatDate, todayOf, type LocalDate } from "@regrip/core/shared/calendar";
import { EVENT_TYPE_LABELS, SCHEDULE_EVENT_TYPES, type ScheduleAdminView, type ScheduleEventType } from "@regrip/core/shared/schedule";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { isUnauthorizedError } from "../../../lib/api";
import { failureMessage } from "../../../lib/api-error";
import { usePageMeta } from "../../../lib/page-meta";
import { useToast } from "../../../toast/use-toast";
import "../console.css";
import { ConfirmModal } from "../FormModal";
import { LoadFailed } from "../LoadFailed";
import { partnerKeys, listPartners } from "../partners/partners-api";
import { TwoLines } from "../TwoLines";
import { useActionsInReach } from "../use-narrow";
import { EventFormModal } from "./EventFormModal";
import { deleteEvent, listSchedule, scheduleKeys, updateEvent } from "./schedule-api";
import { cancelConsequence, eventNoun, eventPlace, eventSeats, eventState, eventTimes, scheduleRows, type EventState } from "./schedule-view";

type Dialog =
  | { kind: "create" }
  | { kind: "edit"; event: ScheduleAdminView }
  | { kind: "cancel"; event: ScheduleAdminView }
  | { kind: "delete"; event: ScheduleAdminView }
  | null;

/** The periods the page lists, from today unless told: the server answers at most a year at a time. */
const periods = [
  { value: "upcoming", label: "Next 60 days", from: 0, to: 60 },
  { value: "year", label: "Next 12 months", from: 0, to: 365 },
  { value: "past", label: "Past 60 days", from: -60, to: -1 },
] as const;
type Period = (typeof periods)[number]["value"];

const typeOptions: SelectProps.Option[] = [{ value: "", label: "All types" }, ...SCHEDULE_EVENT_TYPES.map((type) => ({ value: type, label: EVENT_TYPE_LABELS[type] }))];
const periodOptions: SelectProps.Option[] = periods.map(({ value, label }) => ({ value, label }));

const stateIndicator: Record<EventState, { type: "stopped" | "warning" | "success"; text: string }> = {
  canceled: { type: "stopped", text: "Canceled" },
  inactive: { type: "stopped", text: "Inactive" },
  full: { type: "warning", text: "Full" },
  active: { type: "success", text: "Scheduled" },
};

/**
 * /admin/schedule: the grip schedule by day (onsite gripping days and delivery runs at partner clubs,
 * the shops' overnight cutoffs), filtered by type; schedule, edit, cancel (its booked customers are texted and
 * moved back to a shop) and delete an event nothing is booked on. Admins only.
 */
export default function SchedulePage() {
  usePageMeta("Schedule", "Onsite gripping days, delivery runs and overnight cutoffs.");
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [type, setType] = useState<ScheduleEventType | null>(null);
  const [period, setPeriod] = useState<Period>("upcoming");
  const today = todayOf(new Date());
  const range = periods.find((p) => p.value === period)!;
  const from: LocalDate = addDays(today, range.from);
  const to: LocalDate = addDays(today, range.to);
  const list = useQuery({ queryKey: scheduleKeys.range(from, to), queryFn: () => listSchedule(from, to), refetchOnMount: "always" });
  const partners = useQuery({ queryKey: partnerKeys.all, queryFn: listPartners });
  const rows = useMemo(() => scheduleRows(list.data?.items ?? [], type), [list.data, type]);
  const { items, collectionProps } = useCollection(rows, {});
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
    void queryClient.invalidateQueries({ queryKey: partnerKeys.all });
  };
  const thisYear = Number(today.slice(0, 4));

  const cancel = useMutation({
    mutationFn: (event: ScheduleAdminView) => updateEvent(event.id, { isActive: false }),
    onSuccess: (saved, event) => {
      const texted = event.eventType === "OVERNIGHT_CUTOFF" ? "" : ` ${event.currentBookings} booked customer${event.currentBookings === 1 ? "" : "s"} texted.`;
      toast({ title: "Event Canceled", description: `${EVENT_TYPE_LABELS[saved.eventType]}, ${eventPlace(saved)}, ${formatDate(saved.eventDate)}.${texted}` });
      setDialog(null);
      refresh();
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      toast({ title: "Failed to cancel event", description: failureMessage(error), variant: "destructive" });
      refresh();
    },
  });

  const remove = useMutation({
    mutationFn: (event: ScheduleAdminView) => deleteEvent(event.id),
    onSuccess: (answer, event) => {
      // An event booked meanwhile is canceled rather than removed (the server says so with the event).
      toast({ title: answer ? "Event Canceled" : "Event Deleted", description: `${EVENT_TYPE_LABELS[event.eventType]}, ${eventPlace(event)}, ${formatDate(event.eventDate)}` });
      setDialog(null);
      refresh();
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      toast({ title: "Failed to delete event", description: failureMessage(error), variant: "destructive" });
      refresh();
    },
  });

  const columns: TableProps.ColumnDefinition<ScheduleAdminView>[] = [
    {
      id: "date",
      header: "Date",
      cell: (event) => <TwoLines first={<b className="console-nowrap">{formatDate(event.eventDate, thisYear)}</b>} second={eventTimes(event)} />,
      minWidth: 180,
    },
    { id: "type", header: "Type", cell: (event) => EVENT_TYPE_LABELS[event.eventType], minWidth: 130 },
    {
      id: "place",
      header: "Where",
      cell: (event) => <TwoLines first={eventPlace(event)} second={event.partner?.address ?? ""} />,
      minWidth: 200,
      maxWidth: 280,
    },
    { id: "seats", header: "Seats", cell: (event) => <span className="console-nowrap">{eventSeats(event) ?? "—"}</span>, minWidth: 130 },
    {
      id: "status",
      header: "Status",
      cell: (event) => {
        const state = stateIndicator[eventState(event)];
        return (
          <span className="console-nowrap">
            <StatusIndicator type={state.type}>{state.text}</StatusIndicator>
          </span>
        );
      },
      minWidth: 130,
    },
    { id: "notes", header: "Notes", cell: (event) => event.notes || <Box color="text-status-inactive">—</Box>, maxWidth: 220 },
    {
      id: "actions",
      header: "Actions",
      minWidth: 150,
      cell: (event) => {
        const open = !event.canceledAt && event.isActive;
        const label = `${EVENT_TYPE_LABELS[event.eventType]} at ${eventPlace(event)} on ${formatDate(event.eventDate)}`;
        return (
          <span className="console-nowrap">
            {open && <Button variant="inline-icon" iconName="edit" ariaLabel={`Edit ${label}`} onClick={() => setDialog({ kind: "edit", event })} />}{" "}
            {open && (
              <Button variant="inline-link" ariaLabel={`Cancel ${label}`} onClick={() => setDialog({ kind: "cancel", event })}>
                Cancel
              </Button>
            )}{" "}
            {event.currentBookings === 0 && (
              <Button variant="inline-icon" iconName="remove" ariaLabel={`Delete ${label}`} onClick={() => setDialog({ kind: "delete", event })} />
            )}
          </span>
        );
      },
    },
  ];
  // On a phone: the day, then what can be done, then its state, so none starts off-screen (use-narrow.ts).
  const inReach = useActionsInReach(columns, ["date", "actions", "status", "place", "type", "seats"]);

  const create = (
    <Button variant="primary" onClick={() => setDialog({ kind: "create" })}>
      Schedule Event
    </Button>
  );

  return (
    <ContentLayout
      header={
        <Header variant="h1" description="Onsite gripping days and delivery runs at partner clubs, and the shops' overnight cutoffs, by day.">
          Schedule
        </Header>
      }
    >
      <SpaceBetween size="l">
        <LoadFailed query={list} header="Failed to load the schedule" />
        <Table
          {...collectionProps}
          variant="container"
          ariaLabels={{ tableLabel: "Schedule" }}
          header={
            <Header variant="h2" counter={list.data ? `(${rows.length})` : undefined} actions={create}>
              Events by date
            </Header>
          }
          filter={
            <SpaceBetween direction="horizontal" size="s">
              <FormField label="Type">
                <Select
                  selectedOption={typeOptions.find((option) => option.value === (type ?? "")) ?? typeOptions[0]!}
                  options={typeOptions}
                  onChange={({ detail }) => setType((detail.selectedOption.value || null) as ScheduleEventType | null)}
                />
              </FormField>
              <FormField label="Period">
                <Select
                  selectedOption={periodOptions.find((option) => option.value === period)!}
                  options={periodOptions}
                  onChange={({ detail }) => setPeriod(detail.selectedOption.value as Period)}
                />
              </FormField>
            </SpaceBetween>
          }
          {...inReach}
          wrapLines
          items={items}
          trackBy="id"
          loading={list.isPending}
          loadingText="Loading the schedule"
          empty={
            <Box textAlign="center" color="inherit" padding="m">
              <SpaceBetween size="s">
                <span>{list.isError ? "No events to show." : type ? `No ${EVENT_TYPE_LABELS[type].toLowerCase()} events in this period.` : "No events in this period."}</span>
                {!list.isError && create}
              </SpaceBetween>
            </Box>
          }
        />
      </SpaceBetween>

      {(dialog?.kind === "create" || dialog?.kind === "edit") && (
        <EventFormModal
          event={dialog.kind === "edit" ? dialog.event : undefined}
          partners={partners.data?.items ?? []}
          onDismiss={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            refresh();
          }}
        />
      )}
      {dialog?.kind === "cancel" && (
        <ConfirmModal header="Cancel Event" confirm="Cancel Event" cancel="Keep Event" busy={cancel.isPending} onCancel={() => setDialog(null)} onConfirm={() => cancel.mutate(dialog.event)}>
          <SpaceBetween size="s">
            <span>
              Cancel the {eventNoun(dialog.event.eventType)} at <b>{eventPlace(dialog.event)}</b> on{" "}
              <b>{formatDate(dialog.event.eventDate, thisYear)}</b> ({eventTimes(dialog.event)})?
            </span>
            <b>{cancelConsequence(dialog.event)}</b>
            <span>The event stays on the schedule as canceled. This cannot be undone.</span>
          </SpaceBetween>
        </ConfirmModal>
      )}
      {dialog?.kind === "delete" && (
        <ConfirmModal header="Delete Event" confirm="Delete" busy={remove.isPending} onCancel={() => setDialog(null)} onConfirm={() => remove.mutate(dialog.event)}>
          Delete the {eventNoun(dialog.event.eventType)} at <b>{eventPlace(dialog.event)}</b> on{" "}
          <b>{formatDate(dialog.event.eventDate, thisYear)}</b>? Nobody is booked on it. It leaves the schedule; this cannot be undone.
        </ConfirmModal>
      )}
    </ContentLayout>
  );
}
