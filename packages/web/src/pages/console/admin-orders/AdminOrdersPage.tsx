import { useCollection } from "@cloudscape-design/collection-hooks";
import ContentLayout from "@cloudscape-design/components/content-layout";
import Header from "@cloudscape-design/components/header";
import Select from "@cloudscape-design/components/select";
import SpaceBetween from "@cloudscape-design/components/space-between";
import Table, { type TableProps } from "@cloudscape-design/components/table";
import type { Stage } from "@regrip/core/shared/lifecycle";
import type { OrderView } from "@regrip/core/shared/orders";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useCurrentUser } from "../../../auth/current-user";
import { isUnauthorizedError } from "../../../lib/api";
import { serverMessage } from "../../../lib/api-error";
import { formatCents } from "../../../lib/money";
import { usePageMeta } from "../../../lib/page-meta";
import { useToast } from "../../../toast/use-toast";
import { consoleKeys, moveOrder, useOrderCounts, useOrderPage } from "../console-api";
import { orderBag, orderCustomer, orderDate, orderDateTitle, orderPaddle } from "../orders-format";
import { viewerMoveRole } from "../queue/queue-moves";
import { StatCards } from "../StatCards";
import { useCursorPages } from "../use-cursor-pages";
import { usePageSize } from "../use-page-size";
import { adminCounters, adminStatusMenu } from "./admin-status";
import { OrdersPerPage, pagedRows } from "../TablePaging";
import { LoadFailed } from "../LoadFailed";
import { useActionsInReach } from "../use-narrow";

const locations: Record<string, string> = { LITTLETON: "Littleton", HIGHLANDS_RANCH: "Highlands Ranch", ONSITE: "Onsite" };

/** Every line after the core service. */
function addOns(order: OrderView): string {
  const rest = order.lineItems.slice(1);
  return rest.length ? rest.map((item) => (item.quantity > 1 ? `${item.name} ×${item.quantity}` : item.name)).join(", ") : "—";
}

export default function AdminOrdersPage() {
  usePageMeta("Admin Orders", "Every order, its stage and its total.");
  const { data: user } = useCurrentUser();
  const role = viewerMoveRole(user);
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [pageSize, setPageSize] = usePageSize("admin-orders");
  const pages = useCursorPages(String(pageSize));
  const counts = useOrderCounts();
  const orders = useOrderPage({ cursor: pages.cursor, limit: pageSize });
  useEffect(() => {
    if (orders.data) pages.learn(pages.pageIndex, orders.data.cursor);
  }, [orders.data, pages.pageIndex, pages.learn]);
  const { items, collectionProps } = useCollection(orders.data?.items ?? [], {
    sorting: { defaultState: { sortingColumn: { sortingField: "createdAt" }, isDescending: true } },
  });

  const move = useMutation({
    mutationFn: ({ order, to }: { order: OrderView; to: Stage }) => moveOrder(order.id, to),
    onSuccess: () => {
      toast({ title: "Status Updated" });
      void queryClient.invalidateQueries({ queryKey: consoleKeys.orders });
      void queryClient.invalidateQueries({ queryKey: consoleKeys.counts });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      toast({ title: "Update Failed", description: serverMessage(error) ?? "Unknown error", variant: "destructive" });
    },
  });

  const columns: TableProps.ColumnDefinition<OrderView>[] = [
    { id: "id", header: "Order ID", cell: (order) => <span title={order.id}>{order.id.slice(-8).toUpperCase()}</span> },
    { id: "customer", header: "Customer", cell: orderCustomer },
    { id: "paddle", header: "Paddle", cell: orderPaddle },
    { id: "bag", header: "Bag #", cell: orderBag, sortingField: "bagNumber", minWidth: 80 },
    { id: "location", header: "Location", cell: (order) => (order.dropoffLocation ? (locations[order.dropoffLocation] ?? order.dropoffLocation) : "—") },
    { id: "addons", header: "Add-On Options", cell: addOns, maxWidth: 200 },
    { id: "total", header: "Total", cell: (order) => formatCents(order.totalCents), sortingField: "totalCents" },
    {
      id: "status",
      header: "Status",
      minWidth: 190,
      cell: (order) => {
        const { selected, options } = adminStatusMenu(order.stage, role);
        return (
          <Select
            selectedOption={selected}
            options={options.map((o) => ({ value: o.value, label: o.label, disabled: !!o.disabledReason, disabledReason: o.disabledReason }))}
            ariaLabel={`Status of order ${order.id.slice(-8).toUpperCase()}`}
            disabled={move.isPending && move.variables?.order.id === order.id}
            expandToViewport
            onChange={({ detail }) => {
              const to = detail.selectedOption.value as Stage;
              if (to !== selected.value) move.mutate({ order, to });
            }}
          />
        );
      },
    },
    {
      id: "created",
      header: "Created",
      cell: (order) => <span title={orderDateTitle(order.createdAt)}>{orderDate(order.createdAt)}</span>,
      sortingField: "createdAt",
    },
  ];

  const inReach = useActionsInReach(columns, ["id", "status"], { first: 0, last: 0 });
  return (
    <ContentLayout header={<Header variant="h1">Admin Orders</Header>}>
      <SpaceBetween size="l">
        <StatCards label="Orders by stage" cards={adminCounters(counts.data?.stages)} />
        <LoadFailed query={orders} header="Error Loading Orders" message="Failed to fetch admin data. Please try again." />
        <Table
          {...collectionProps}
          variant="container"
          header={<Header variant="h2">Orders</Header>}
          ariaLabels={{ tableLabel: "Orders" }}
          {...inReach}
          wrapLines
          {...pagedRows(orders, pages, items, "Loading orders", orders.isError ? "No orders to show." : "There are no orders yet.")}
          preferences={<OrdersPerPage pageSize={pageSize} onChange={setPageSize} />}
        />
      </SpaceBetween>
    </ContentLayout>
  );
}
