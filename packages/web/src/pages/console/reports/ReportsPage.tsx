import BarChart from "@cloudscape-design/components/bar-chart";
import Box from "@cloudscape-design/components/box";
import { Figure } from "../Figure";
import Button from "@cloudscape-design/components/button";
import ColumnLayout from "@cloudscape-design/components/column-layout";
import Container from "@cloudscape-design/components/container";
import ContentLayout from "@cloudscape-design/components/content-layout";
import DatePicker from "@cloudscape-design/components/date-picker";
import FormField from "@cloudscape-design/components/form-field";
import Header from "@cloudscape-design/components/header";
import Select from "@cloudscape-design/components/select";
import SpaceBetween from "@cloudscape-design/components/space-between";
import Spinner from "@cloudscape-design/components/spinner";
import Table, { type TableProps } from "@cloudscape-design/components/table";
import { shopDay } from "@regrip/core/shared/analytics";
import { formatDate } from "@regrip/core/shared/calendar";
import {
  REPORT_BY,
  REPORT_BY_LABELS,
  REPORT_LOCATION_LABELS,
  REPORT_LOCATIONS,
  SalesReportQuery,
  type ReportBy,
  type SalesReport,
  type SalesRow,
} from "@regrip/core/shared/reports";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { errorStatus, failureMessage } from "../../../lib/api-error";
import { formatCents } from "../../../lib/money";
import { usePageMeta } from "../../../lib/page-meta";
import { useToast } from "../../../toast/use-toast";
import { AdminDenied } from "../AdminOnly";
import { LoadFailed } from "../LoadFailed";
import { downloadSalesCsv, getSalesReport, reportKeys, type ReportAsk } from "./reports-api";

const dateStrings = (what: string) => ({
  openCalendarAriaLabel: (selected: string | null) => (selected ? `Choose the ${what} date, ${formatDate(selected)} chosen` : `Choose the ${what} date`),
  previousMonthAriaLabel: "Previous month",
  nextMonthAriaLabel: "Next month",
  todayAriaLabel: "Today",
});

const ALL_LOCATIONS = { value: "", label: "All locations" };
const locationOptions = [ALL_LOCATIONS, ...REPORT_LOCATIONS.map((value) => ({ value, label: REPORT_LOCATION_LABELS[value] }))];
const byOptions = REPORT_BY.map((value) => ({ value, label: REPORT_BY_LABELS[value] }));

/** "Nov 23": a day, read as a calendar date (no time zone shift). */
const shortDay = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** The first `CHART_ROWS` rows of a breakdown other than by day are charted (the table lists them all). */
const CHART_ROWS = 12;

/** The range's refusals under their fields: the server's own rule (shared/reports.ts `SalesReportQuery`). */
function rangeErrors(ask: ReportAsk): { from?: string; to?: string } {
  const parsed = SalesReportQuery.safeParse({ from: ask.from, to: ask.to, by: ask.by, location: ask.location });
  if (parsed.success) return {};
  const errors: { from?: string; to?: string } = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === "from" ? "from" : "to";
    errors[field] ??= issue.message;
  }
  return errors;
}


function Totals({ report }: { report: SalesReport }) {
  const t = report.totals;
  return (
    <Container header={<Header variant="h2" description="Net income is sales less refunds, plus memberships and packs: what the dashboard calls revenue. Tips are the crew's.">Totals</Header>}>
      <ColumnLayout columns={4} variant="text-grid" minColumnWidth={170}>
        <Figure label="Net income" testId="report-net" value={formatCents(t.netCents)} />
        <Figure label="Sales" testId="report-sales" value={formatCents(t.salesCents)} text="Order payments, tax included" />
        <Figure label="Refunds" testId="report-refunds" value={formatCents(t.refundedCents)} text={t.refundedTaxCents ? `${formatCents(t.refundedTaxCents)} of it tax` : undefined} />
        <Figure label="Tax collected" testId="report-tax" value={formatCents(t.taxCents - t.refundedTaxCents)} text={`${formatCents(t.taxCents)} collected, ${formatCents(t.refundedTaxCents)} refunded`} />
        <Figure label="Tips" testId="report-tips" value={formatCents(t.tipCents)} text="For the crew, never in net income" />
        <Figure label="Memberships" testId="report-memberships" value={formatCents(t.membershipCents)} />
        <Figure label="Packs" testId="report-packs" value={formatCents(t.packCents)} />
      </ColumnLayout>
    </Container>
  );
}

function Chart({ report }: { report: SalesReport }) {
  const byDay = report.by === "day";
  const rows = byDay ? report.rows : report.rows.slice(0, CHART_ROWS);
  const name = (row: SalesRow) => (byDay ? row.key : row.label);
  const money = (pick: (row: SalesRow) => number) => rows.map((row) => ({ x: name(row), y: pick(row) / 100 }));
  return (
    <Container
      header={
        <Header variant="h2" description={byDay ? "Each day of the range." : rows.length < report.rows.length ? `The ${CHART_ROWS} largest; the table lists every row.` : undefined}>
          Net income and tips by {REPORT_BY_LABELS[report.by].toLowerCase()}
        </Header>
      }
    >
      <BarChart
        series={[
          { title: "Net income", type: "bar", data: money((r) => r.netCents), valueFormatter: (y: number) => formatCents(Math.round(y * 100)) },
          { title: "Tips", type: "bar", data: money((r) => r.tipCents), valueFormatter: (y: number) => formatCents(Math.round(y * 100)) },
        ]}
        xDomain={rows.map(name)}
        xScaleType="categorical"
        xTickFormatter={byDay ? shortDay : undefined}
        xTitle={REPORT_BY_LABELS[report.by]}
        yTitle="Dollars"
        yTickFormatter={(y: number) => `$${y.toLocaleString("en-US")}`}
        height={220}
        hideFilter
        ariaLabel={`Net income and tips by ${REPORT_BY_LABELS[report.by].toLowerCase()}`}
        empty={<Box textAlign="center" color="inherit">No money moved in this range</Box>}
      />
    </Container>
  );
}

const cents = (pick: (row: SalesRow) => number) => (row: SalesRow) => formatCents(pick(row));

function rowsTable(report: SalesReport): TableProps.ColumnDefinition<SalesRow>[] {
  const countHeader = report.by === "item" || report.by === "category" ? "Units" : "Payments";
  return [
    { id: "label", header: REPORT_BY_LABELS[report.by], cell: (r) => (report.by === "day" ? formatDate(r.key) : r.label), isRowHeader: true },
    { id: "count", header: countHeader, cell: (r) => String(r.count) },
    { id: "sales", header: "Sales", cell: cents((r) => r.salesCents) },
    { id: "refunds", header: "Refunds", cell: cents((r) => r.refundedCents) },
    { id: "tax", header: "Tax collected", cell: cents((r) => r.taxCents - r.refundedTaxCents) },
    { id: "tips", header: "Tips", cell: cents((r) => r.tipCents) },
    { id: "memberships", header: "Memberships", cell: cents((r) => r.membershipCents) },
    { id: "packs", header: "Packs", cell: cents((r) => r.packCents) },
    { id: "net", header: "Net income", cell: cents((r) => r.netCents) },
  ];
}

/** /admin/reports: the shop's money over a range, at a location, broken down one way, with its chart and CSV. Admins only. */
export default function ReportsPage() {
  usePageMeta("Reports", "Sales by day, item, category, staff member, tender and location; refunds, tips, tax, memberships and packs; CSV.");
  const today = shopDay(new Date());
  const [ask, setAsk] = useState<ReportAsk>({ from: `${today.slice(0, 8)}01`, to: today, location: "", by: "day" });
  const [downloading, setDownloading] = useState(false);
  const { toast } = useToast();
  const errors = rangeErrors(ask);
  const valid = !errors.from && !errors.to;
  const report = useQuery({ queryKey: reportKeys.sales(ask), queryFn: () => getSalesReport(ask), enabled: valid, refetchOnMount: "always" });
  const set = (patch: Partial<ReportAsk>) => setAsk((was) => ({ ...was, ...patch }));

  if (errorStatus(report.error) === 403) return <AdminDenied title="Reports" />;

  const download = async () => {
    setDownloading(true);
    try {
      await downloadSalesCsv(ask);
    } catch (error) {
      toast({ title: "Could not download the CSV", description: failureMessage(error), variant: "destructive" });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div data-testid="reports">
      <ContentLayout
        header={
          <Header
            variant="h1"
            description="The money of any range of days, up to a year, from figures kept as each payment, refund, tip, membership and pack is written. Days are the shop's (Mountain time)."
            actions={
              <Button iconName="download" onClick={() => void download()} loading={downloading} disabled={!valid}>
                Download CSV
              </Button>
            }
          >
            Reports
          </Header>
        }
      >
        <SpaceBetween size="l">
          <Container>
            <ColumnLayout columns={4} minColumnWidth={170}>
              <FormField label="From" errorText={errors.from} constraintText="YYYY/MM/DD">
                <DatePicker value={ask.from} onChange={({ detail }) => set({ from: detail.value })} placeholder="YYYY/MM/DD" locale="en-US" i18nStrings={dateStrings("first")} invalid={!!errors.from} />
              </FormField>
              <FormField label="To" errorText={errors.to} constraintText="At most 366 days">
                <DatePicker value={ask.to} onChange={({ detail }) => set({ to: detail.value })} placeholder="YYYY/MM/DD" locale="en-US" i18nStrings={dateStrings("last")} invalid={!!errors.to} />
              </FormField>
              <FormField label="Location">
                <Select
                  selectedOption={locationOptions.find((o) => o.value === ask.location) ?? ALL_LOCATIONS}
                  options={locationOptions}
                  onChange={({ detail }) => set({ location: detail.selectedOption.value ?? "" })}
                />
              </FormField>
              <FormField label="Break down by">
                <Select
                  selectedOption={byOptions.find((o) => o.value === ask.by)!}
                  options={byOptions}
                  onChange={({ detail }) => set({ by: (detail.selectedOption.value ?? "day") as ReportBy })}
                />
              </FormField>
            </ColumnLayout>
          </Container>
          <LoadFailed query={report} header="Could not load the report" />
          {valid && report.isPending && <Spinner size="large" />}
          {report.data && <Totals report={report.data} />}
          {report.data && <Chart report={report.data} />}
          {report.data && (
            <Table
              variant="container"
              header={<Header variant="h2" counter={`(${report.data.rows.length})`}>By {REPORT_BY_LABELS[report.data.by].toLowerCase()}</Header>}
              items={report.data.rows}
              trackBy="key"
              wrapLines
              columnDefinitions={rowsTable(report.data)}
              empty={<Box textAlign="center" color="inherit">No money moved in this range.</Box>}
            />
          )}
        </SpaceBetween>
      </ContentLayout>
    </div>
  );
}
