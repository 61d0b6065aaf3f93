import Button from "@cloudscape-design/components/button";
import ContentLayout from "@cloudscape-design/components/content-layout";
import Header from "@cloudscape-design/components/header";
import SpaceBetween from "@cloudscape-design/components/space-between";
import StatusIndicator from "@cloudscape-design/components/status-indicator";
import Table, { type TableProps } from "@cloudscape-design/components/table";
import { customerName } from "@regrip/core/shared/customers";
import { COVERING_STATUSES, PLAN_TERMS } from "@regrip/core/shared/membership";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { usePageMeta } from "../../../lib/page-meta";
import "../console.css";
import { LoadFailed } from "../LoadFailed";
import { orderDate, orderDateTitle } from "../orders-format";
import { pagedRows } from "../TablePaging";
import { useCursorPages } from "../use-cursor-pages";
import { useActionsInReach } from "../use-narrow";
import { AdjustPointsModal } from "../customers/AdjustPointsModal";
import { listSubscribers, subscriberKeys, type SubscriberRow } from "./subscribers-api";

function SubscriptionStatus({ row }: { row: SubscriberRow }) {
  if (row.status === "past_due") return <StatusIndicator type="warning">Past due</StatusIndicator>;
  if (COVERING_STATUSES.has(row.status) && row.cancelAtPeriodEnd) return <StatusIndicator type="pending">Canceling at period end</StatusIndicator>;
  if (COVERING_STATUSES.has(row.status)) return <StatusIndicator type="success">Active</StatusIndicator>;
  return <StatusIndicator type="stopped">{row.status.replace(/_/g, " ")}</StatusIndicator>;
}

/** /admin/subscribers: the members, their plan, status, renewal, regrips left and points; Adjust points. Admins only. */
export default function SubscribersPage() {
  usePageMeta("Subscribers", "Members on a regrip plan, their allowance and points.");
  const queryClient = useQueryClient();
  const [adjusting, setAdjusting] = useState<SubscriberRow>();
  const pages = useCursorPages("subscribers");
  const list = useQuery({ queryKey: subscriberKeys.page(pages.cursor), queryFn: () => listSubscribers(pages.cursor), refetchOnMount: "always", placeholderData: (previous) => previous });
  useEffect(() => {
    if (list.data) pages.learn(pages.pageIndex, list.data.cursor);
  }, [list.data, pages.pageIndex, pages.learn]);

  const columns: TableProps.ColumnDefinition<SubscriberRow>[] = [
    { id: "customer", header: "Customer", cell: (row) => <b>{customerName(row.customer)}</b>, minWidth: 140, isRowHeader: true },
    { id: "plan", header: "Plan", cell: (row) => PLAN_TERMS[row.plan]?.name ?? row.plan, minWidth: 110 },
    { id: "status", header: "Status", cell: (row) => <SubscriptionStatus row={row} />, minWidth: 130 },
    {
      id: "renewal",
      header: "Renewal",
      minWidth: 110,
      cell: (row) => (row.currentPeriodEnd ? <span title={orderDateTitle(row.currentPeriodEnd)}>{orderDate(row.currentPeriodEnd)}</span> : "—"),
    },
    { id: "regrips", header: "Regrips left", cell: (row) => `${row.regripsLeft} of ${PLAN_TERMS[row.plan]?.regripsPerPeriod ?? "?"}`, minWidth: 100 },
    { id: "points", header: "Points", cell: (row) => row.points.toLocaleString("en-US"), minWidth: 80 },
    {
      id: "actions",
      header: "Actions",
      minWidth: 130,
      cell: (row) => (
        <Button variant="inline-link" onClick={() => setAdjusting(row)} ariaLabel={`Adjust points of ${customerName(row.customer)}`}>
          Adjust points
        </Button>
      ),
    },
  ];
  // On a phone: the customer, then Adjust points, so the action never starts off-screen (use-narrow.ts).
  const inReach = useActionsInReach(columns, ["customer", "actions", "points"]);
  const items = list.data?.items ?? [];

  return (
    <ContentLayout header={<Header variant="h1" description="Customers on a regrip plan: what they have left this period and their points.">Subscribers</Header>}>
      <SpaceBetween size="l">
        <LoadFailed query={list} header="Failed to load subscribers" />
        <Table
          variant="container"
          ariaLabels={{ tableLabel: "Subscribers" }}
          header={<Header variant="h2" counter={list.data ? `(${items.length}${list.data.cursor ? "+" : ""})` : undefined}>All subscribers</Header>}
          {...inReach}
          {...pagedRows(list, pages, items, "Loading subscribers", list.isError ? "No subscribers to show." : "No subscribers yet.")}
        />
      </SpaceBetween>
      {adjusting && (
        <AdjustPointsModal
          userId={adjusting.userId}
          name={customerName(adjusting.customer)}
          balance={adjusting.points}
          onDismiss={() => setAdjusting(undefined)}
          onSaved={() => {
            setAdjusting(undefined);
            void queryClient.invalidateQueries({ queryKey: subscriberKeys.all });
          }}
        />
      )}
    </ContentLayout>
  );
}
