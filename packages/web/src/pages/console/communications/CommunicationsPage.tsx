import Button from "@cloudscape-design/components/button";
import ColumnLayout from "@cloudscape-design/components/column-layout";
import Container from "@cloudscape-design/components/container";
import ContentLayout from "@cloudscape-design/components/content-layout";
import Form from "@cloudscape-design/components/form";
import FormField from "@cloudscape-design/components/form-field";
import Header from "@cloudscape-design/components/header";
import Input from "@cloudscape-design/components/input";
import Multiselect, { type MultiselectProps } from "@cloudscape-design/components/multiselect";
import Select, { type SelectProps } from "@cloudscape-design/components/select";
import SpaceBetween from "@cloudscape-design/components/space-between";
import StatusIndicator, { type StatusIndicatorProps } from "@cloudscape-design/components/status-indicator";
import Table from "@cloudscape-design/components/table";
import Textarea from "@cloudscape-design/components/textarea";
import {
  BULK_SMS_FAILED,
  BulkSmsInput,
  bulkSmsConfirmation,
  bulkSmsSummary,
  COMMUNICATION_CHANNELS,
  COMMUNICATION_MESSAGE_TYPES,
  COMMUNICATION_STATUSES,
  SAMPLE_TEST_SMS,
  SMS_MAX_LENGTH,
  TEST_SMS_FAILED,
  TEST_SMS_SENT,
  TestSmsInput,
  type BroadcastUserView,
  type CommunicationStatusName,
  type CommunicationView,
} from "@regrip/core/shared/communications";
import { isSearchable, SEARCH_HINT } from "@regrip/core/shared/customers";
import { fieldErrors } from "@regrip/core/shared/forms";
import { displayPhone } from "@regrip/core/shared/phone";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";
import { isUnauthorizedError } from "../../../lib/api";
import { failureMessage, serverMessage } from "../../../lib/api-error";
import { usePageMeta } from "../../../lib/page-meta";
import { useToast } from "../../../toast/use-toast";
import "../console.css";
import { orderDate, orderDateTitle } from "../orders-format";
import { pagedRows } from "../TablePaging";
import { useCursorPages } from "../use-cursor-pages";
import { useDebounced } from "../use-debounced";
import { broadcastUsers, communicationKeys, listCommunications, sendBulkSms, sendTestSms, type LogFilters } from "./communications-api";
import { ConfirmModal } from "../FormModal";
import { TwoLines } from "../TwoLines";

/**
 * Reads the log again after a send. An invalidation alone would join a first read still in flight (started before
 * the text was logged) and keep its answer; cancelling that read first makes the refetch a new one.
 */
async function refreshLog(queryClient: ReturnType<typeof useQueryClient>) {
  await queryClient.cancelQueries({ queryKey: communicationKeys.all });
  await queryClient.invalidateQueries({ queryKey: communicationKeys.all });
}

const words = (value: string) => value.replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase());
const ALL = { value: "", label: "All" };
const options = (values: readonly string[]): SelectProps.Option[] => [ALL, ...values.map((value) => ({ value, label: words(value) }))];

const statusType: Record<CommunicationStatusName, StatusIndicatorProps.Type> = {
  sent: "success",
  delivered: "success",
  failed: "error",
  pending: "pending",
};

function userLabel(user: BroadcastUserView): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return name || user.email || displayPhone(user.phone);
}

function TestSmsForm() {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [phone, setPhone] = useState("");
  const [message, setMessage] = useState(SAMPLE_TEST_SMS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useMutation({
    mutationFn: sendTestSms,
    onSuccess: (answer) => {
      toast({ title: TEST_SMS_SENT, description: `Sent to ${answer.to}` });
      void refreshLog(queryClient);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      toast({ title: TEST_SMS_FAILED, description: failureMessage(error), variant: "destructive" });
      void refreshLog(queryClient);
    },
  });
  const submit = () => {
    const found = fieldErrors(TestSmsInput, { phone, message });
    setErrors(found);
    if (Object.keys(found).length === 0) send.mutate({ phone: phone.trim(), message: message.trim() });
  };
  return (
    <Container header={<Header variant="h2" description="Send one text to check the SMS provider.">Test SMS</Header>}>
      <SmsForm label="Test SMS" action="Send Test SMS" sending={send.isPending} onSubmit={submit}>
        <FormField label="Phone number" constraintText="E.164, e.g. +12345678901" errorText={errors.phone}>
          <Input value={phone} onChange={({ detail }) => setPhone(detail.value.slice(0, 18))} placeholder="+12345678901" inputMode="tel" />
        </FormField>
        <MessageField message={message} onChange={setMessage} error={errors.message} />
      </SmsForm>
    </Container>
  );
}

/** A form of the page: Enter or its one button (busy while `sending`) submits. */
function SmsForm({ label, action, sending, onSubmit, children }: { label: string; action: string; sending: boolean; onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Form
        actions={
          <Button variant="primary" formAction="submit" loading={sending}>
            {action}
          </Button>
        }
      >
        <SpaceBetween size="m">{children}</SpaceBetween>
      </Form>
    </form>
  );
}

/** A text's message, cut at SMS_MAX_LENGTH, with its count. */
function MessageField({ message, onChange, error, placeholder }: { message: string; onChange: (message: string) => void; error?: string; placeholder?: string }) {
  return (
    <FormField label="Message" errorText={error} constraintText={`${message.length}/${SMS_MAX_LENGTH}`}>
      <Textarea value={message} onChange={({ detail }) => onChange(detail.value.slice(0, SMS_MAX_LENGTH))} rows={3} placeholder={placeholder} />
    </FormField>
  );
}

function BulkSmsForm() {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState("");
  const q = useDebounced(filter.trim(), 300);
  const searching = isSearchable(q);
  // Every customer with a phone can be reached: the list goes on page by page (the cursor) as the admin scrolls.
  const users = useInfiniteQuery({
    queryKey: communicationKeys.users(searching ? q : ""),
    queryFn: ({ pageParam }) => broadcastUsers(searching ? q : "", pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
  });
  const [chosen, setChosen] = useState<MultiselectProps.Option[]>([]);
  const [message, setMessage] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState<{ key: string } | null>(null);
  const userIds = chosen.map((option) => option.value!);

  const send = useMutation({
    mutationFn: (key: string) => sendBulkSms({ userIds, message: message.trim() }, key),
    onSuccess: (answer) => {
      setConfirming(null);
      toast({ title: bulkSmsSummary(answer.results) });
      setChosen([]);
      void refreshLog(queryClient);
    },
    onError: (error) => {
      setConfirming(null);
      if (isUnauthorizedError(error)) return;
      toast({ title: BULK_SMS_FAILED, description: failureMessage(error), variant: "destructive" });
    },
  });

  const userOptions: MultiselectProps.Option[] = (users.data?.pages.flatMap((page) => page.items) ?? []).map((user) => ({
    value: user.id,
    label: userLabel(user),
    description: [displayPhone(user.phone), user.email].filter(Boolean).join(" · "),
    tags: [user.optedOut ? "Replied STOP" : "", !user.smsPromotions ? "Not opted in to promotions" : ""].filter(Boolean),
    disabled: user.optedOut || !user.smsPromotions,
  }));

  const submit = () => {
    const found = fieldErrors(BulkSmsInput, { userIds, message });
    setErrors(found);
    if (Object.keys(found).length === 0) setConfirming({ key: crypto.randomUUID() });
  };

  return (
    <Container
      header={
        <Header variant="h2" description="Text chosen customers with a phone. Only customers who opted in to promotional texts (their consent on record) are texted; the others, and numbers that replied STOP, are skipped. Every text ends with Reply STOP to opt out.">
          Bulk SMS Broadcast
        </Header>
      }
    >
      <SmsForm label="Bulk SMS Broadcast" action="Send Bulk SMS" sending={send.isPending} onSubmit={submit}>
        <FormField
          label="Customers"
          description="Customers with a phone; search by name, phone or email."
          constraintText={`${chosen.length} selected${filter && !isSearchable(filter) ? ` · ${SEARCH_HINT}` : ""}`}
          errorText={errors.userIds}
        >
          <Multiselect
            selectedOptions={chosen}
            onChange={({ detail }) => setChosen([...detail.selectedOptions])}
            options={userOptions}
            filteringType="manual"
            onLoadItems={({ detail }) => {
              if (detail.firstPage) setFilter(detail.filteringText);
              else if (detail.samePage) void users.refetch();
              else if (users.hasNextPage && !users.isFetchingNextPage) void users.fetchNextPage();
            }}
            statusType={users.isFetching ? "loading" : users.isError ? "error" : users.hasNextPage ? "pending" : "finished"}
            loadingText="Finding customers"
            errorText={serverMessage(users.error) ?? "Failed to load customers"}
            recoveryText="Retry"
            empty={searching ? "No customers with a phone match" : "No customers with a phone yet"}
            placeholder="Choose customers"
            filteringPlaceholder="Search customers"
            filteringAriaLabel="Search customers"
            ariaLabel="Customers"
            tokenLimit={3}
            i18nStrings={{ tokenLimitShowMore: "Show more chosen", tokenLimitShowFewer: "Show fewer chosen" }}
            deselectAriaLabel={(option) => `Remove ${option.label}`}
          />
        </FormField>
        <MessageField message={message} onChange={setMessage} error={errors.message} placeholder="Spring special: 20% off regrips this week!" />
      </SmsForm>
      {confirming && (
        <ConfirmModal header="Send Bulk SMS" confirm="Send" busy={send.isPending} onCancel={() => setConfirming(null)} onConfirm={() => send.mutate(confirming.key)}>
          {bulkSmsConfirmation(userIds.length)}
        </ConfirmModal>
      )}
    </Container>
  );
}

function CommunicationsLog() {
  const [filters, setFilters] = useState<LogFilters>({ channel: null, type: null, status: null });
  const filterKey = JSON.stringify(filters);
  const pages = useCursorPages(`communications:${filterKey}`);
  const list = useQuery({
    queryKey: communicationKeys.page(filters, pages.cursor),
    queryFn: () => listCommunications(filters, pages.cursor),
    // Read again each time the page is opened: texts go out from everywhere (orders, the counter, the webhook).
    refetchOnMount: "always",
    // The last page stays up while the next page of the same filters loads; another filter starts empty.
    placeholderData: (previous, previousQuery) => (JSON.stringify(previousQuery?.queryKey[1]) === filterKey ? previous : undefined),
  });
  useEffect(() => {
    if (list.data) pages.learn(pages.pageIndex, list.data.cursor);
  }, [list.data, pages.pageIndex, pages.learn]);
  const filtered = filters.channel || filters.type || filters.status;
  const select = (name: keyof LogFilters, label: string, values: readonly string[]) => {
    const all = options(values);
    return (
      <FormField label={label}>
        <Select
          selectedOption={all.find((o) => o.value === (filters[name] ?? "")) ?? ALL}
          options={all}
          onChange={({ detail }) => setFilters((f) => ({ ...f, [name]: detail.selectedOption.value || null }))}
          ariaLabel={`Filter by ${label.toLowerCase()}`}
        />
      </FormField>
    );
  };
  return (
    <Table<CommunicationView>
      variant="container"
      ariaLabels={{ tableLabel: "Communications log" }}
      header={
        <Header
          variant="h2"
          description="Every text and email the shop sent, newest first."
          actions={<Button iconName="refresh" ariaLabel="Refresh the log" onClick={() => void list.refetch()} loading={list.isFetching && !list.isPending} />}
        >
          Communications Log
        </Header>
      }
      filter={
        <ColumnLayout columns={3} minColumnWidth={150}>
          {select("channel", "Channel", COMMUNICATION_CHANNELS)}
          {select("type", "Type", COMMUNICATION_MESSAGE_TYPES)}
          {select("status", "Status", COMMUNICATION_STATUSES)}
        </ColumnLayout>
      }
      columnDefinitions={[
        { id: "sentAt", header: "Sent", minWidth: 110, cell: (c) => <span title={orderDateTitle(c.sentAt)}>{orderDate(c.sentAt)}</span> },
        { id: "recipient", header: "Recipient", minWidth: 130, cell: (c) => <span className="console-nowrap">{displayPhone(c.recipient)}</span> },
        // The type, and under it the template the text was made from (texts/templates.ts), when the log names one.
        { id: "type", header: "Type", minWidth: 100, cell: (c) => (c.template ? <TwoLines first={words(c.messageType)} second={c.template} /> : words(c.messageType)) },
        {
          id: "status",
          header: "Status",
          minWidth: 100,
          cell: (c) => <StatusIndicator type={statusType[c.status]}>{words(c.status)}</StatusIndicator>,
        },
        { id: "channel", header: "Channel", cell: (c) => c.channel.toUpperCase() },
        { id: "message", header: "Message", minWidth: 220, cell: (c) => <span className="comms-message">{c.message}</span> },
        { id: "error", header: "Error", minWidth: 160, cell: (c) => c.errorMessage ?? "" },
      ]}
      wrapLines
      {...pagedRows(
        list,
        pages,
        list.data?.items ?? [],
        "Loading the log",
        list.isError
          ? (serverMessage(list.error) ?? "Failed to load the log")
          : filtered && list.data?.cursor
            ? "None on this stretch of the log: try the next page."
            : filtered
              ? "No messages match these filters."
              : "No messages yet.",
      )}
    />
  );
}

/**
 * /admin/communications: Test SMS, Bulk SMS Broadcast and the log. Admins only; other staff
 * read the spec's 'Access denied - Admin only' instead (ConsolePage's AdminOnly).
 */
export default function CommunicationsPage() {
  usePageMeta("Communications", "Test texts, broadcasts and the communications log.");
  return (
    <ContentLayout header={<Header variant="h1" description="Test the SMS provider, text customers and read what the shop sent.">Communications Log</Header>}>
      <SpaceBetween size="l">
        <ColumnLayout columns={2} minColumnWidth={320}>
          <TestSmsForm />
          <BulkSmsForm />
        </ColumnLayout>
        <CommunicationsLog />
      </SpaceBetween>
    </ContentLayout>
  );
}
