import Alert from "@cloudscape-design/components/alert";
import { formatDate } from "@regrip/core/shared/calendar";
import Box from "@cloudscape-design/components/box";
import Button from "@cloudscape-design/components/button";
import Container from "@cloudscape-design/components/container";
import ContentLayout from "@cloudscape-design/components/content-layout";
import FormField from "@cloudscape-design/components/form-field";
import Header from "@cloudscape-design/components/header";
import Input from "@cloudscape-design/components/input";
import KeyValuePairs from "@cloudscape-design/components/key-value-pairs";
import Modal from "@cloudscape-design/components/modal";
import SpaceBetween from "@cloudscape-design/components/space-between";
import StatusIndicator from "@cloudscape-design/components/status-indicator";
import Table, { type TableProps } from "@cloudscape-design/components/table";
import Textarea from "@cloudscape-design/components/textarea";
import {
  CloseDrawerInput,
  differenceWords,
  DrawerMovementInput,
  MOVEMENT_KIND_LABELS,
  OpenDrawerInput,
  TENDER_LABELS,
  type DrawerReport,
  type DrawerSessionView,
  type MovementDirection,
} from "@regrip/core/shared/drawer";
import { SHOP_LABELS, type BookableLocation } from "@regrip/core/shared/location-names";
import { dollarsToCents } from "@regrip/core/shared/money";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import * as z from "zod/mini";
import { useCurrentUser } from "../../../auth/current-user";
import { isAdmin } from "../../../auth/roles";
import { isUnauthorizedError } from "../../../lib/api";
import { failureMessage, serverMessage } from "../../../lib/api-error";
import { formatCents } from "../../../lib/money";
import { usePageMeta } from "../../../lib/page-meta";
import { useToast } from "../../../toast/use-toast";
import { CounterShopSelect, useCounterShop } from "../CounterShopSelect";
import { ConfirmModal, FormModal } from "../FormModal";
import { LoadFailed } from "../LoadFailed";
import { useActionsInReach } from "../use-narrow";
import { TAX_LOCATION_LABELS } from "@regrip/core/shared/money-settings";
import { addMovement, closeDrawer, drawerKeys, openDrawer, reopenDrawer, useCurrentDrawer, useDrawerSessions } from "./drawer-api";

/** "100.00": cents as the dollar fields show them. */
const dollarsText = (cents: number) => (cents / 100).toFixed(2);
const timeOf = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
/** "8:05 AM": a line of the session, whose day the header says. */
const clockOf = (iso: string) => new Date(iso).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" });

/** The first message the schema gives for a field, or undefined. */
function firstIssue(schema: z.ZodMiniType, value: unknown): Record<string, string> {
  const checked = z.safeParse(schema, value);
  const errors: Record<string, string> = {};
  if (!checked.success) for (const issue of checked.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

/**
 * /drawer (staff): the cash drawer of this counter's shop: open it with the float (the shop's setting prefilled),
 * paid in and out with a reason, close it with the cash counted and read the close report, the difference named
 * ("Short $2.00"). Admins also see the past sessions with their reports and may reopen one.
 */
export default function DrawerPage() {
  usePageMeta("Drawer", "The counter's cash drawer: open, paid in and out, close with the count.");
  const [shop, setShop] = useCounterShop();
  const { data: user } = useCurrentUser();
  const admin = isAdmin(user);
  const drawer = useCurrentDrawer(shop);
  const [report, setReport] = useState<DrawerReport | null>(null);
  return (
    <ContentLayout
      header={
        <Header variant="h1" description="Open it with the float, record cash paid in and out, close it with the cash counted.">
          Cash drawer
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Container>
          <CounterShopSelect
            shop={shop}
            onChange={(next) => {
              setShop(next);
              setReport(null);
            }}
          />
        </Container>
        {report && report.location === shop && <CloseReport report={report} heading="Drawer closed" />}
        {drawer.isError ? (
          <LoadFailed query={drawer} header="Error Loading the Drawer" />
        ) : !drawer.data ? (
          <Container>
            <StatusIndicator type="loading">Loading the drawer…</StatusIndicator>
          </Container>
        ) : drawer.data.session ? (
          <OpenSession session={drawer.data.session} onClosed={setReport} />
        ) : (
          <OpenForm key={`${shop}-${drawer.data.defaultFloatCents}`} location={shop} defaultFloatCents={drawer.data.defaultFloatCents} onOpened={() => setReport(null)} />
        )}
        {admin && <PastSessions />}
      </SpaceBetween>
    </ContentLayout>
  );
}

function OpenForm({ location, defaultFloatCents, onOpened }: { location: BookableLocation; defaultFloatCents: number; onOpened: () => void }) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [float, setFloat] = useState(dollarsText(defaultFloatCents));
  const [error, setError] = useState<string>();
  const open = useMutation({
    mutationFn: (cents: number) => openDrawer(location, cents),
    onSuccess: (session) => {
      toast({ title: "Drawer opened", description: `${SHOP_LABELS[location]}: ${formatCents(session.startingCashCents)} in the drawer.` });
      onOpened();
    },
    onError: (failure) => {
      if (!isUnauthorizedError(failure)) setError(failureMessage(failure));
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: drawerKeys.all }),
  });
  const submit = () => {
    const cents = dollarsToCents(float);
    const errors = firstIssue(OpenDrawerInput, { location, startingCashCents: cents });
    setError(Number.isNaN(cents) ? "Type the starting cash in dollars, e.g. 100.00" : errors.startingCashCents);
    if (!Number.isNaN(cents) && !errors.startingCashCents) open.mutate(cents);
  };
  return (
    <Container header={<Header variant="h2" description="Count the float into the drawer, then open it: cash sales and refunds land in it until it is closed.">{`The drawer at ${SHOP_LABELS[location]} is closed`}</Header>}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
        aria-label="Open the drawer"
      >
        <SpaceBetween size="m">
          <FormField label="Starting cash ($)" description="The shop's float from the Money settings; change it if you counted another amount." errorText={error}>
            <Input value={float} inputMode="decimal" onChange={({ detail }) => setFloat(detail.value)} ariaLabel="Starting cash in dollars" />
          </FormField>
          <Button variant="primary" formAction="submit" loading={open.isPending}>
            Open the drawer
          </Button>
        </SpaceBetween>
      </form>
    </Container>
  );
}

type Dialog = { kind: "move"; direction: MovementDirection } | { kind: "close" } | null;

function OpenSession({ session, onClosed }: { session: DrawerSessionView; onClosed: (report: DrawerReport) => void }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const movements = [...(session.movements ?? [])].reverse();
  return (
    <>
      <Container
        header={
          <Header
            variant="h2"
            description={`Opened ${timeOf(session.openedAt)}${session.openedByName ? ` by ${session.openedByName}` : ""}${session.reopened?.length ? " (reopened by an admin)" : ""}.`}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button onClick={() => setDialog({ kind: "move", direction: "in" })}>Paid in</Button>
                <Button onClick={() => setDialog({ kind: "move", direction: "out" })}>Paid out</Button>
                <Button variant="primary" onClick={() => setDialog({ kind: "close" })}>
                  Close the drawer
                </Button>
              </SpaceBetween>
            }
          >
            {`The drawer at ${SHOP_LABELS[session.location]} is open`}
          </Header>
        }
      >
        <KeyValuePairs
          columns={3}
          items={[
            { label: "Starting float", value: formatCents(session.startingCashCents) },
            { label: "Cash sales", value: formatCents(session.cashSalesCents) },
            { label: "Cash refunds", value: formatCents(session.cashRefundsCents) },
            { label: "Paid in", value: formatCents(session.paidInCents) },
            { label: "Paid out", value: formatCents(session.paidOutCents) },
            { label: "Expected cash", value: <Box fontWeight="bold">{formatCents(session.expectedCashCents)}</Box> },
          ]}
        />
      </Container>
      <Table
        header={<Header variant="h2" counter={`(${movements.length})`}>Cash in and out</Header>}
        items={movements}
        trackBy="id"
        wrapLines
        empty={<Box textAlign="center" color="inherit">No cash in or out yet.</Box>}
        columnDefinitions={[
          { id: "at", header: "Time", cell: (m) => clockOf(m.at) },
          { id: "kind", header: "What", cell: (m) => MOVEMENT_KIND_LABELS[m.kind] },
          { id: "amount", header: "Amount", cell: (m) => `${m.kind === "sale" || m.kind === "in" ? "+" : "−"}${formatCents(m.amountCents)}` },
          { id: "why", header: "Order or reason", cell: (m) => (m.orderNumber ? `Order ${m.orderNumber}` : (m.reason ?? "")) },
          { id: "by", header: "By", cell: (m) => m.byName ?? "" },
        ]}
      />
      {dialog?.kind === "move" && <MovementDialog session={session} direction={dialog.direction} onClose={() => setDialog(null)} />}
      {dialog?.kind === "close" && (
        <CloseDialog
          session={session}
          onClose={() => setDialog(null)}
          onClosed={(report) => {
            setDialog(null);
            onClosed(report);
          }}
        />
      )}
    </>
  );
}

function MovementDialog({ session, direction, onClose }: { session: DrawerSessionView; direction: MovementDirection; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [key] = useState(() => crypto.randomUUID());
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string>();
  const title = direction === "in" ? "Paid in" : "Paid out";
  const save = useMutation({
    mutationFn: (body: { direction: MovementDirection; amountCents: number; reason: string }) => addMovement(session.id, body, key),
    onSuccess: (_, body) => {
      toast({ title, description: `${formatCents(body.amountCents)} ${direction === "in" ? "into" : "out of"} the drawer: ${body.reason.trim()}.` });
      onClose();
    },
    onError: (failure) => {
      if (!isUnauthorizedError(failure)) setRefusal(serverMessage(failure) ?? failureMessage(failure));
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: drawerKeys.all }),
  });
  const submit = () => {
    setRefusal(undefined);
    const cents = dollarsToCents(amount);
    const found = firstIssue(DrawerMovementInput, { direction, amountCents: Number.isNaN(cents) ? -1 : cents, reason });
    if (Number.isNaN(cents)) found.amountCents = "Type the amount in dollars, e.g. 20.00";
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate({ direction, amountCents: cents, reason });
  };
  return (
    <FormModal title={title} submitLabel={`Record ${title.toLowerCase()}`} busy={save.isPending} refusal={refusal} onDismiss={onClose} onSubmit={submit}>
      <SpaceBetween size="m">
        <FormField
          label="Amount ($)"
          description={direction === "out" ? `At most what the drawer should hold: ${formatCents(session.expectedCashCents)}.` : "Cash put into the drawer."}
          errorText={errors.amountCents}
        >
          <Input value={amount} inputMode="decimal" onChange={({ detail }) => setAmount(detail.value)} ariaLabel="Amount in dollars" />
        </FormField>
        <FormField label="Reason" description={direction === "out" ? "e.g. cleaning supplies, cash to the bank" : "e.g. change from the bank"} errorText={errors.reason}>
          <Input value={reason} onChange={({ detail }) => setReason(detail.value)} ariaLabel="Reason" />
        </FormField>
      </SpaceBetween>
    </FormModal>
  );
}

function CloseDialog({ session, onClose, onClosed }: { session: DrawerSessionView; onClose: () => void; onClosed: (report: DrawerReport) => void }) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [counted, setCounted] = useState("");
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string>();
  const close = useMutation({
    mutationFn: ({ cents, note }: { cents: number; note: string }) => closeDrawer(session.id, cents, note.trim() || undefined),
    onSuccess: (report) => {
      toast({ title: "Drawer closed", description: `Counted ${formatCents(report.countedCashCents)}: ${differenceWords(report.differenceCents)}. The report is emailed to the admins and the shop's email address.` });
      onClosed(report);
    },
    onError: (failure) => {
      if (!isUnauthorizedError(failure)) setRefusal(serverMessage(failure) ?? failureMessage(failure));
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: drawerKeys.all });
      void queryClient.invalidateQueries({ queryKey: drawerKeys.admin });
    },
  });
  const submit = () => {
    setRefusal(undefined);
    const cents = dollarsToCents(counted);
    const found = firstIssue(CloseDrawerInput, { countedCashCents: Number.isNaN(cents) ? -1 : cents, note });
    if (Number.isNaN(cents)) found.countedCashCents = "Type the cash counted in dollars, e.g. 163.00";
    setErrors(found);
    if (Object.keys(found).length === 0) close.mutate({ cents, note });
  };
  return (
    <FormModal title="Close the drawer" submitLabel="Close the drawer" busy={close.isPending} refusal={refusal} onDismiss={onClose} onSubmit={submit}>
      <SpaceBetween size="m">
        <FormField label="Counted cash ($)" description="Count every note and coin in the drawer, the float included." errorText={errors.countedCashCents}>
          <Input value={counted} inputMode="decimal" onChange={({ detail }) => setCounted(detail.value)} ariaLabel="Counted cash in dollars" />
        </FormField>
        <FormField label="Note (optional)" description="Anything the admins should know about the count." errorText={errors.note}>
          <Textarea value={note} onChange={({ detail }) => setNote(detail.value)} rows={2} ariaLabel="Note" />
        </FormField>
      </SpaceBetween>
    </FormModal>
  );
}

/** The difference as the report names it: even in green, short or over in red. */
function Difference({ cents }: { cents: number }) {
  return <StatusIndicator type={cents === 0 ? "success" : "error"}>{differenceWords(cents)}</StatusIndicator>;
}

/** A close report: the drawer's cash, counted against expected, and the day's totals. */
function CloseReport({ report, heading }: { report: DrawerReport; heading: string }) {
  const totals = report.dayTotals;
  return (
    <Container
      header={
        <Header
          variant="h2"
          description={`${SHOP_LABELS[report.location]}, opened ${timeOf(report.openedAt)}${report.openedByName ? ` by ${report.openedByName}` : ""}, closed ${timeOf(report.closedAt)}${report.closedByName ? ` by ${report.closedByName}` : ""}.`}
        >
          {heading}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Alert type={report.differenceCents === 0 ? "success" : "warning"} header={differenceWords(report.differenceCents)}>
          {`Counted ${formatCents(report.countedCashCents)} against ${formatCents(report.expectedCashCents)} expected.`}
        </Alert>
        <KeyValuePairs
          columns={3}
          items={[
            { label: "Starting float", value: formatCents(report.startingCashCents) },
            { label: "Cash sales", value: formatCents(report.cashSalesCents) },
            { label: "Cash refunds", value: formatCents(report.cashRefundsCents) },
            { label: "Paid in", value: formatCents(report.paidInCents) },
            { label: "Paid out", value: formatCents(report.paidOutCents) },
            { label: "Expected cash", value: formatCents(report.expectedCashCents) },
            { label: "Counted cash", value: formatCents(report.countedCashCents) },
            { label: "Difference", value: <Difference cents={report.differenceCents} /> },
            ...(report.note ? [{ label: "Note", value: report.note }] : []),
          ]}
        />
        <KeyValuePairs
          columns={4}
          items={[
            { label: `Sales on ${formatDate(totals.day)}`, value: formatCents(totals.salesCents) },
            { label: "Refunds", value: formatCents(totals.refundedCents) },
            { label: "Sales tax", value: formatCents(totals.taxCents) },
            { label: "Tips", value: formatCents(totals.tipsCents) },
          ]}
        />
        {totals.byTender.length > 0 ? (
          <Table
            header={<Header variant="h3">By tender</Header>}
            items={totals.byTender}
            trackBy="tender"
            columnDefinitions={[
              { id: "tender", header: "Tender", cell: (row) => TENDER_LABELS[row.tender] ?? row.tender },
              { id: "paid", header: "Paid", cell: (row) => formatCents(row.paidCents) },
              { id: "refunded", header: "Refunded", cell: (row) => formatCents(row.refundedCents) },
            ]}
          />
        ) : (
          <Box color="text-body-secondary">The day's split by tender is not recorded yet.</Box>
        )}
      </SpaceBetween>
    </Container>
  );
}

/** Admins: the last 30 days' sessions of both shops, each report readable, a closed one reopened. */
function PastSessions() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const sessions = useDrawerSessions(true);
  const [viewing, setViewing] = useState<DrawerSessionView | null>(null);
  const [reopening, setReopening] = useState<DrawerSessionView | null>(null);
  const reopen = useMutation({
    mutationFn: (session: DrawerSessionView) => reopenDrawer(session.id),
    onSuccess: (session) => {
      toast({ title: "Drawer reopened", description: `${SHOP_LABELS[session.location]}: the drawer of ${session.day} takes cash again until it is closed.` });
      setReopening(null);
    },
    onError: (failure) => {
      if (isUnauthorizedError(failure)) return;
      toast({ title: "The drawer was not reopened", description: failureMessage(failure), variant: "destructive" });
      setReopening(null);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: drawerKeys.all });
      void queryClient.invalidateQueries({ queryKey: drawerKeys.admin });
    },
  });
  const columns: TableProps.ColumnDefinition<DrawerSessionView>[] = [
          { id: "day", header: "Day", cell: (s) => s.day },
          { id: "shop", header: "Shop", cell: (s) => TAX_LOCATION_LABELS[s.location] },
          { id: "status", header: "Status", cell: (s) => (s.status === "open" ? <StatusIndicator type="in-progress">Open</StatusIndicator> : <StatusIndicator type="stopped">Closed</StatusIndicator>) },
          { id: "expected", header: "Expected", cell: (s) => formatCents(s.report?.expectedCashCents ?? s.expectedCashCents) },
          { id: "counted", header: "Counted", cell: (s) => (s.countedCashCents === undefined ? "" : formatCents(s.countedCashCents)) },
          { id: "difference", header: "Difference", cell: (s) => (s.differenceCents === undefined ? "" : <Difference cents={s.differenceCents} />) },
          {
            id: "actions",
            header: "Actions",
            cell: (s) =>
              s.status === "closed" ? (
                <SpaceBetween direction="horizontal" size="xs">
                  <Button variant="inline-link" ariaLabel={`View the report of ${SHOP_LABELS[s.location]} ${s.day}`} onClick={() => setViewing(s)}>
                    View report
                  </Button>
                  <Button variant="inline-link" ariaLabel={`Reopen the drawer of ${SHOP_LABELS[s.location]} ${s.day}`} onClick={() => setReopening(s)}>
                    Reopen
                  </Button>
                </SpaceBetween>
              ) : null,
          },
        ];
  const inReach = useActionsInReach(columns, ["day", "difference", "actions"]);
  if (sessions.isError) return <LoadFailed query={sessions} header="Error Loading Past Drawers" />;
  return (
    <>
      <Table
        header={<Header variant="h2" description="Both shops, the last 30 days, newest first." counter={sessions.data ? `(${sessions.data.sessions.length})` : undefined}>Past drawers</Header>}
        loading={!sessions.data}
        loadingText="Loading past drawers…"
        items={sessions.data?.sessions ?? []}
        trackBy="id"
        wrapLines
        empty={<Box textAlign="center" color="inherit">No drawer was opened in the last 30 days.</Box>}
        {...inReach}
      />
      {viewing?.report && (
        <Modal visible size="large" header={`Close report: ${SHOP_LABELS[viewing.location]}, ${viewing.day}`} closeAriaLabel="Close" onDismiss={() => setViewing(null)}>
          <CloseReport report={viewing.report} heading="Report" />
        </Modal>
      )}
      {reopening && (
        <ConfirmModal header="Reopen this drawer?" confirm="Reopen" busy={reopen.isPending} onCancel={() => setReopening(null)} onConfirm={() => reopen.mutate(reopening)}>
          <Alert type="warning">{`The drawer of ${SHOP_LABELS[reopening.location]} on ${reopening.day} takes cash again until someone closes it with a new count. Its report is kept.`}</Alert>
        </ConfirmModal>
      )}
    </>
  );
}
