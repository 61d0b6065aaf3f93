import Box from "@cloudscape-design/components/box";
import Button from "@cloudscape-design/components/button";
import ColumnLayout from "@cloudscape-design/components/column-layout";
import ContentLayout from "@cloudscape-design/components/content-layout";
import DatePicker from "@cloudscape-design/components/date-picker";
import FormField from "@cloudscape-design/components/form-field";
import Header from "@cloudscape-design/components/header";
import Input from "@cloudscape-design/components/input";
import Link from "@cloudscape-design/components/link";
import Select, { type SelectProps } from "@cloudscape-design/components/select";
import SpaceBetween from "@cloudscape-design/components/space-between";
import Table from "@cloudscape-design/components/table";
import {
  actorLabel,
  AUDIT_TARGET_NOUNS,
  AUDIT_PAGE_PATH,
  auditActionChoices,
  auditChangesText,
  auditEntryWords,
  type AuditEntryView,
} from "@regrip/core/shared/audit";
import { staffName } from "@regrip/core/shared/staff";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { serverMessage } from "../../../lib/api-error";
import { usePageMeta } from "../../../lib/page-meta";
import "../console.css";
import { CursorPagination } from "../TablePaging";
import { TwoLines } from "../TwoLines";
import { useCursorPages } from "../use-cursor-pages";
import { listStaff, staffKeys } from "../staff/staff-api";
import { AUDIT_FILTER_NAMES, auditKeys, listAudit, type AuditFilters } from "./audit-api";

const ANY = { value: "", label: "Anyone" };
const ANY_ACTION = { value: "", label: "Any action" };
const ANY_RECORD = { value: "", label: "Any record" };
const SYSTEM = { value: "system", label: "System (payments, jobs, texts coming in)" };
const when = (at: string) => new Date(at).toLocaleString("en-US", { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" });
const dateStrings = {
  openCalendarAriaLabel: (selected: string | null) => (selected ? `Choose the day, ${selected} chosen` : "Choose the day"),
  previousMonthAriaLabel: "Previous month",
  nextMonthAriaLabel: "Next month",
  todayAriaLabel: "Today",
};

/** The filters from the page's address (`/admin/audit?actor=...&target=order:...`), so a link can open it filtered. */
function filtersOf(params: URLSearchParams): AuditFilters {
  const get = (name: keyof AuditFilters) => params.get(name)?.trim() ?? "";
  return { actor: get("actor"), action: get("action"), target: get("target"), from: get("from"), to: get("to") };
}

/** The page's address for `filters`: the audit trail's own path with the ones set. */
function auditTrailHref(filters: Partial<AuditFilters>): string {
  const query = new URLSearchParams();
  for (const name of AUDIT_FILTER_NAMES) if (filters[name]) query.set(name, filters[name]!);
  const text = query.toString();
  return text ? `${AUDIT_PAGE_PATH}?${text}` : AUDIT_PAGE_PATH;
}

/**
 * /admin/audit: every entry of the audit log in words, newest first, a page at a time (by cursor), filtered by who,
 * what, which record and when (the shop's days); each entry links to the page of what changed, and to that record's
 * own history and that person's. Admins only (ConsolePage's AdminOnly).
 */
export default function AuditTrailPage() {
  usePageMeta("Audit trail", "Who changed what in the shop, and when.");
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const filterKey = JSON.stringify(filters);
  const pages = useCursorPages(`audit:${filterKey}`);
  const staff = useQuery({ queryKey: staffKeys.all, queryFn: listStaff });
  const list = useQuery({
    queryKey: auditKeys.page(filters, pages.cursor),
    queryFn: () => listAudit(filters, pages.cursor),
    refetchOnMount: "always",
    placeholderData: (previous, previousQuery) => (JSON.stringify(previousQuery?.queryKey[2]) === filterKey ? previous : undefined),
  });
  useEffect(() => {
    if (list.data) pages.learn(pages.pageIndex, list.data.cursor);
  }, [list.data, pages.pageIndex, pages.learn]);

  const setFilter = (name: keyof AuditFilters, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  const follow = (href: string) => (event: CustomEvent) => {
    event.preventDefault();
    navigate(href);
  };

  const [targetType, targetId] = filters.target.includes(":") ? filters.target.split(":", 2) : ["", ""];
  // The record's kind and id as chosen and typed; the filter is set once both are there.
  const [kind, setKind] = useState(targetType ?? "");
  const [typedId, setTypedId] = useState(targetId ?? "");
  useEffect(() => {
    setKind(targetType ?? "");
    setTypedId(targetId ?? "");
  }, [targetType, targetId]);
  const applyTarget = (chosenKind = kind, id = typedId) => setFilter("target", chosenKind && id ? `${chosenKind}:${id}` : "");

  const people: SelectProps.Option[] = [
    ANY,
    SYSTEM,
    ...(staff.data?.items ?? []).map((person) => ({ value: person.id, label: staffName(person), description: person.email ?? undefined })),
  ];
  // A person from a link who is no longer staff (or a customer) still shows as chosen, by their id.
  if (filters.actor && !people.some((option) => option.value === filters.actor)) people.push({ value: filters.actor, label: `Person ${filters.actor.slice(-8)}` });
  const actions: SelectProps.Option[] = [ANY_ACTION, ...auditActionChoices()];
  if (filters.action && !actions.some((option) => option.value === filters.action)) actions.push({ value: filters.action, label: filters.action });
  const types: SelectProps.Option[] = [ANY_RECORD, ...Object.entries(AUDIT_TARGET_NOUNS).map(([value, label]) => ({ value, label }))];

  const filtered = AUDIT_FILTER_NAMES.some((name) => filters[name]);
  const target = (entry: AuditEntryView) => {
    const words = auditEntryWords(entry);
    const history = auditTrailHref({ target: `${entry.targetType}:${entry.targetId}` });
    return (
      <SpaceBetween direction="horizontal" size="xs">
        {words.href ? (
          <Link href={words.href} onFollow={follow(words.href)}>
            {words.target}
          </Link>
        ) : (
          <span>{words.target}</span>
        )}
        <Link href={history} onFollow={follow(history)} variant="secondary" ariaLabel={`History of ${words.target}`}>
          (history)
        </Link>
      </SpaceBetween>
    );
  };
  const who = (entry: AuditEntryView) => {
    const key = entry.actor?.id ?? "system";
    const href = auditTrailHref({ actor: key });
    return (
      <Link href={href} onFollow={follow(href)} variant="secondary" ariaLabel={`Everything ${actorLabel(entry)} did`}>
        {actorLabel(entry)}
      </Link>
    );
  };

  const emptyText = list.isError
    ? (serverMessage(list.error) ?? "Failed to load the audit trail")
    : filtered && list.data?.cursor
      ? "None on this stretch of the log: try the next page."
      : filtered
        ? "No entries match these filters."
        : "No entries yet.";

  return (
    <ContentLayout header={<Header variant="h1" description="Every change staff, admins and the system made, newest first.">Audit trail</Header>}>
      <Table<AuditEntryView>
        variant="container"
        ariaLabels={{ tableLabel: "Audit trail" }}
        header={
          <Header
            variant="h2"
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button disabled={!filtered} onClick={() => setParams(new URLSearchParams(), { replace: true })}>
                  Clear Filters
                </Button>
                <Button iconName="refresh" ariaLabel="Refresh the audit trail" onClick={() => void list.refetch()} loading={list.isFetching && !list.isPending} />
              </SpaceBetween>
            }
          >
            Entries
          </Header>
        }
        filter={
          <ColumnLayout columns={3} minColumnWidth={180}>
            <FormField label="Who">
              <Select
                selectedOption={people.find((option) => option.value === filters.actor) ?? ANY}
                options={people}
                filteringType="auto"
                onChange={({ detail }) => setFilter("actor", detail.selectedOption.value ?? "")}
                ariaLabel="Filter by who"
              />
            </FormField>
            <FormField label="What">
              <Select
                selectedOption={actions.find((option) => option.value === filters.action) ?? ANY_ACTION}
                options={actions}
                filteringType="auto"
                onChange={({ detail }) => setFilter("action", detail.selectedOption.value ?? "")}
                ariaLabel="Filter by what"
              />
            </FormField>
            <FormField label="Which record" description={kind ? undefined : "A kind, then its id; or open a record's history from its entry."}>
              <SpaceBetween size="xs">
                <Select
                  selectedOption={types.find((option) => option.value === kind) ?? ANY_RECORD}
                  options={types}
                  onChange={({ detail }) => {
                    const chosen = detail.selectedOption.value ?? "";
                    setKind(chosen);
                    applyTarget(chosen, chosen ? typedId : "");
                  }}
                  ariaLabel="Kind of record"
                />
                <Input
                  value={typedId}
                  placeholder="Its id"
                  ariaLabel="Record id"
                  onChange={({ detail }) => setTypedId(detail.value.trim())}
                  onBlur={() => applyTarget()}
                  onKeyDown={({ detail }) => detail.key === "Enter" && applyTarget()}
                />
              </SpaceBetween>
            </FormField>
            <FormField label="From" constraintText="The shop's day, YYYY/MM/DD">
              <DatePicker value={filters.from} onChange={({ detail }) => setFilter("from", detail.value)} placeholder="YYYY/MM/DD" locale="en-US" i18nStrings={dateStrings} ariaLabel="From" />
            </FormField>
            <FormField label="To" constraintText="Included">
              <DatePicker value={filters.to} onChange={({ detail }) => setFilter("to", detail.value)} placeholder="YYYY/MM/DD" locale="en-US" i18nStrings={dateStrings} ariaLabel="To" />
            </FormField>
          </ColumnLayout>
        }
        columnDefinitions={[
          {
            id: "what",
            header: "What",
            isRowHeader: true,
            minWidth: 220,
            cell: (entry) => <TwoLines first={auditEntryWords(entry).action} second={target(entry)} />,
          },
          {
            id: "when",
            header: "When and who",
            minWidth: 150,
            cell: (entry) => <TwoLines first={<time dateTime={entry.createdAt}>{when(entry.createdAt)}</time>} second={who(entry)} />,
          },
          { id: "details", header: "Details", minWidth: 200, cell: (entry) => <span className="comms-message">{auditChangesText(entry.changes)}</span> },
          { id: "from", header: "From", minWidth: 110, cell: (entry) => <span title={entry.userAgent ?? undefined}>{entry.ip ?? ""}</span> },
        ]}
        items={list.data?.items ?? []}
        trackBy="id"
        loading={list.isPending}
        loadingText="Loading the audit trail"
        wrapLines
        pagination={<CursorPagination pages={pages} />}
        empty={<Box textAlign="center">{emptyText}</Box>}
      />
    </ContentLayout>
  );
}
