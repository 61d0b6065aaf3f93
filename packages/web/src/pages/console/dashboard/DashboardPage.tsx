import { TAX_LOCATION_LABELS, TAX_LOCATIONS } from "@regrip/core/shared/money-settings";
import BarChart from "@cloudscape-design/components/bar-chart";
import Box from "@cloudscape-design/components/box";
import { Figure } from "../Figure";
import Button from "@cloudscape-design/components/button";
import ColumnLayout from "@cloudscape-design/components/column-layout";
import Container from "@cloudscape-design/components/container";
import ContentLayout from "@cloudscape-design/components/content-layout";
import Header from "@cloudscape-design/components/header";
import LineChart from "@cloudscape-design/components/line-chart";
import Link from "@cloudscape-design/components/link";
import SpaceBetween from "@cloudscape-design/components/space-between";
import Spinner from "@cloudscape-design/components/spinner";
import StatusIndicator from "@cloudscape-design/components/status-indicator";
import Table from "@cloudscape-design/components/table";
import { comparisonText, type AdminAnalytics, type Comparison } from "@regrip/core/shared/analytics";
import { actorLabel, AUDIT_PAGE_PATH, auditEntryWords, type AuditEntryView } from "@regrip/core/shared/audit";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { errorStatus, serverMessage } from "../../../lib/api-error";
import { formatCents } from "../../../lib/money";
import { usePageMeta } from "../../../lib/page-meta";
import { AdminDenied } from "../AdminOnly";
import { dashboardKeys, getAnalytics, getRecentActivity } from "./dashboard-api";
import { LoadFailed } from "../LoadFailed";
import { TwoLines } from "../TwoLines";
import { TipsPanel } from "./TipsPanel";

/** The spec's four links. */
const LINKS = [
  { href: "/admin/products", text: "Product Management" },
  { href: "/admin/promotions", text: "Promotions" },
  { href: "/admin/orders", text: "Admin Orders" },
  { href: "/admin/communications", text: "Communications" },
] as const;

/** "Nov 23": a chart's day, read as a calendar date (no time zone shift). */
const shortDay = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

const when = (at: string) => new Date(at).toLocaleString("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });

/** Up is green, down red; nothing to compare with (or no change) is plain. */
function trendColor(comparison: Comparison): "text-status-success" | "text-status-error" | "text-body-secondary" {
  if (!comparison.previous || !comparison.change) return "text-body-secondary";
  return comparison.change > 0 ? "text-status-success" : "text-status-error";
}

function Metric({ label, value, comparison, text }: { label: string; value: string; comparison: Comparison; text: string }) {
  return (
    <div role="group" aria-label={label}>
      <Box variant="awsui-key-label">{label}</Box>
      <Box variant="awsui-value-large" display="block">
        {value}
      </Box>
      <Box fontSize="body-s" color={trendColor(comparison)} display="block">
        {text}
      </Box>
    </div>
  );
}

function Metrics({ data }: { data: AdminAnalytics }) {
  const { comparisons } = data;
  return (
    <Container header={<Header variant="h2" description={`Month to date (${data.month.from} to ${data.today}), days in the shop's time zone (${data.timeZone}).`}>Business</Header>}>
      <ColumnLayout columns={4} variant="text-grid" minColumnWidth={160}>
        <Metric label="Monthly Revenue" value={formatCents(data.monthlyRevenue)} comparison={comparisons.monthlyRevenue} text={comparisonText.monthlyRevenue(comparisons.monthlyRevenue)} />
        <Metric label="Active Subscriptions" value={String(data.activeSubscriptions)} comparison={comparisons.activeSubscriptions} text={comparisonText.activeSubscriptions(comparisons.activeSubscriptions)} />
        <Metric label="Orders Today" value={String(data.ordersToday)} comparison={comparisons.ordersToday} text={comparisonText.ordersToday(comparisons.ordersToday)} />
        <Metric label="Avg. Order Value" value={formatCents(data.avgOrderValue)} comparison={comparisons.avgOrderValue} text={comparisonText.avgOrderValue(comparisons.avgOrderValue)} />
      </ColumnLayout>
    </Container>
  );
}


const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The money to read apart from revenue, each on its own: refunds given (revenue is already net of them), the sales
 * tax in revenue (the state's: owed by place, each shop and the onsite days) and the tips (the crew's, never in
 * revenue), month to date.
 */
function ApartFromRevenue({ data }: { data: AdminAnalytics }) {
  const { refunds, tax, tips } = data;
  return (
    <div data-testid="money-apart">
      <Container
        header={
          <Header variant="h2" description="Month to date. Monthly Revenue and Avg. Order Value are net of refunds, include the sales tax below and never tips.">
            Refunds, tax and tips
          </Header>
        }
      >
        <ColumnLayout columns={3} variant="text-grid" minColumnWidth={160}>
          <Figure
            label="Refunds"
            testId="refunds-total"
            value={formatCents(refunds.totalCents)}
            text={`${plural(refunds.ordersInFull, "order", "orders")} refunded in full${refunds.taxCents ? `; ${formatCents(refunds.taxCents)} of it tax` : ""}`}
          />
          <Figure
            label="Sales tax"
            testId="tax-net"
            value={formatCents(tax.netCents)}
            text={`${formatCents(tax.collectedCents)} collected, ${formatCents(tax.refundedCents)} refunded. ${TAX_LOCATIONS.map((place) => `${TAX_LOCATION_LABELS[place]} ${formatCents(tax.byLocation[place])}`).join(", ")}`}
          />
          <Figure label="Tips" testId="tips-apart" value={formatCents(tips.totalCents)} text={`${plural(tips.count, "tip", "tips")}, for the crew`} />
        </ColumnLayout>
      </Container>
    </div>
  );
}

const chartStrings = (what: string) => ({
  xTickFormatter: shortDay,
  ariaLabel: `${what} per day, last 30 days`,
  hideFilter: true,
  height: 180,
  xScaleType: "categorical" as const,
  xTitle: "Day",
  empty: <Box textAlign="center" color="inherit">No data</Box>,
});

function Charts({ data }: { data: AdminAnalytics }) {
  const days = data.days.map((d) => d.day);
  return (
    <Container header={<Header variant="h2" description="Revenue is payments minus refunds, sales tax included (shown apart below), tips never; orders are those booked that day and not canceled.">Last 30 days</Header>}>
      <ColumnLayout columns={2} minColumnWidth={300}>
        <BarChart
          {...chartStrings("Revenue")}
          series={[{ title: "Revenue", type: "bar", data: data.days.map((d) => ({ x: d.day, y: d.revenueCents / 100 })), valueFormatter: (y: number) => formatCents(Math.round(y * 100)) }]}
          xDomain={days}
          yTitle="Revenue ($)"
          yTickFormatter={(y: number) => `$${y.toLocaleString("en-US")}`}
        />
        <LineChart
          {...chartStrings("Orders")}
          series={[{ title: "Orders", type: "line", data: data.days.map((d) => ({ x: d.day, y: d.orders })) }]}
          xDomain={days}
          yTitle="Orders"
        />
      </ColumnLayout>
    </Container>
  );
}

function LowStock({ data, follow }: { data: AdminAnalytics; follow: (href: string) => (event: CustomEvent) => void }) {
  return (
    <Table
      variant="container"
      header={<Header variant="h2" counter={`(${data.lowStock.length})`} description="Counted products at or below their low-stock threshold.">Low stock</Header>}
      items={data.lowStock}
      trackBy="id"
      wrapLines
      columnDefinitions={[
        {
          id: "name",
          header: "Product",
          cell: (p) => <TwoLines first={p.name} second={p.code} />,
          isRowHeader: true,
        },
        { id: "stock", header: "Stock", cell: (p) => <StatusIndicator type={p.stockQuantity === 0 ? "error" : "warning"}>{p.stockQuantity === 0 ? "Out of stock" : String(p.stockQuantity)}</StatusIndicator> },
        { id: "threshold", header: "Low at", cell: (p) => `${p.lowStockThreshold} or fewer` },
      ]}
      empty={<Box textAlign="center" color="inherit">No product is low on stock.</Box>}
      footer={<Link href="/admin/products" onFollow={follow("/admin/products")}>Manage products</Link>}
    />
  );
}

/**
 * Recent Activity: what happened in words (shared/audit), what it happened to (its name, else the last 8 characters of its id)
 * as a link to the page that shows it, time, actor first name or 'System'.
 */
function RecentActivity({ entries, loading, error, follow }: { entries: AuditEntryView[]; loading: boolean; error: ReactNode; follow: (href: string) => (event: CustomEvent) => void }) {
  const target = (entry: AuditEntryView) => {
    const words = auditEntryWords(entry);
    return words.href ? (
      <Link href={words.href} onFollow={follow(words.href)}>
        {words.target}
      </Link>
    ) : (
      words.target
    );
  };
  return (
    <Table
      variant="container"
      header={
        <Header
          variant="h2"
          actions={
            <Link href={AUDIT_PAGE_PATH} onFollow={follow(AUDIT_PAGE_PATH)}>
              Full audit trail
            </Link>
          }
        >
          Recent Activity
        </Header>
      }
      loading={loading}
      loadingText="Loading recent activity"
      items={entries}
      trackBy="id"
      wrapLines
      columnDefinitions={[
        {
          id: "action",
          header: "Action",
          cell: (e) => <TwoLines first={auditEntryWords(e).action} second={target(e)} />,
          isRowHeader: true,
        },
        {
          id: "when",
          header: "When",
          cell: (e) => <TwoLines first={<time dateTime={e.createdAt}>{when(e.createdAt)}</time>} second={actorLabel(e)} />,
        },
      ]}
      empty={error ?? <Box textAlign="center" color="inherit">No recent activity</Box>}
    />
  );
}

/**
 * /admin: the business at a glance. Admins only: other staff read the spec's
 * 'You don't have permission to access the admin panel.' instead (ConsolePage's AdminOnly), and so does anyone the
 * server answers 403.
 */
export default function DashboardPage() {
  usePageMeta("Admin Dashboard", "Revenue, orders, memberships, tips, low stock and recent activity.");
  return <Dashboard />;
}

function Dashboard() {
  const navigate = useNavigate();
  // Read again each time the page is opened (and on Refresh): the figures move with payments, refunds and orders made
  // elsewhere (the Stripe webhook, the counter, other staff), which no change on this client would invalidate.
  const analytics = useQuery({ queryKey: dashboardKeys.analytics, queryFn: getAnalytics, refetchOnMount: "always" });
  const recent = useQuery({ queryKey: dashboardKeys.recent, queryFn: getRecentActivity, refetchOnMount: "always" });
  const refreshing = (analytics.isFetching && !analytics.isPending) || (recent.isFetching && !recent.isPending);
  const follow = (href: string) => (event: CustomEvent) => {
    event.preventDefault();
    navigate(href);
  };

  if (errorStatus(analytics.error) === 403 || errorStatus(recent.error) === 403) return <AdminDenied title="Admin Dashboard" />;

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="The shop's business, from counters kept as each order, payment and refund is written."
          actions={
            <Button
              iconName="refresh"
              loading={refreshing}
              onClick={() => {
                void analytics.refetch();
                void recent.refetch();
              }}
            >
              Refresh
            </Button>
          }
        >
          Admin Dashboard
        </Header>
      }
    >
      <SpaceBetween size="l">
        <LoadFailed query={analytics} header="Could not load the figures" />
        {analytics.isPending && <Spinner size="large" />}
        {analytics.data && <Metrics data={analytics.data} />}
        {analytics.data && <ApartFromRevenue data={analytics.data} />}
        {analytics.data && <TipsPanel data={analytics.data} />}
        <Container header={<Header variant="h2">Manage</Header>}>
          <ColumnLayout columns={4} minColumnWidth={160}>
            {LINKS.map((link) => (
              <Link key={link.href} href={link.href} onFollow={follow(link.href)} fontSize="heading-s">
                {link.text}
              </Link>
            ))}
          </ColumnLayout>
        </Container>
        {analytics.data && <Charts data={analytics.data} />}
        {analytics.data && <LowStock data={analytics.data} follow={follow} />}
        <RecentActivity
          follow={follow}
          entries={recent.data?.items ?? []}
          loading={recent.isPending}
          error={
            recent.isError ? (
              <StatusIndicator type="error">{serverMessage(recent.error) ?? "Could not load recent activity."}</StatusIndicator>
            ) : undefined
          }
        />
      </SpaceBetween>
    </ContentLayout>
  );
}
