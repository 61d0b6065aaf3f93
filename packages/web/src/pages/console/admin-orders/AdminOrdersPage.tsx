import { useCollection } from "@cloudscape-design/collection-hooks";
import ContentLayout from "@cloudscape-design/components/content-layout";
import Header from "@cloudscape-design/components/header";
import Link from "@cloudscape-design/components/link";
import SpaceBetween from "@cloudscape-design/components/space-between";
import Table, { type TableProps } from "@cloudscape-design/components/table";
import { orderReference, type OrderView } from "@regrip/core/shared/orders";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { formatCents } from "../../../lib/money";
import { usePageMeta } from "../../../lib/page-meta";
import { useOrderCounts, useOrderPage } from "../console-api";
import { ChangeStatus, useOrderActions } from "../orders/OrderActions";
import { PaymentStatus } from "../orders/PaymentStatus";
import { StageStatus } from "../orders/StageStatus";
import { staffOrderPath } from "../orders/staff-order-path";
import { CustomerLink } from "../customers/CustomerLink";
import { orderBag, orderCustomer, orderDate, orderDateTitle, orderLocation, orderPaddle, orderPickupDay } from "../orders-format";
import { TwoLines } from "../TwoLines";
import { StatCards } from "../StatCards";
import { useCursorPages } from "../use-cursor-pages";
import { usePageSize } from "../use-page-size";
import { useDebounced } from "../use-debounced";
import { adminCounters } from "./admin-status";
import { OrderSearch, OrdersPerPage, pagedRows } from "../TablePaging";
import { LoadFailed } from "../LoadFailed";
import { useActionsInReach, useNarrow } from "../use-narrow";

/** Every line after the core service. */
function addOns(order: OrderView): string {
  const rest = order.lineItems.slice(1);
  return rest.length ? rest.map((item) => (item.quantity > 1 ? `${item.name} ×${item.quantity}` : item.name)).join(", ") : "—";
}

export default function AdminOrdersPage() {
  usePageMeta("Admin Orders", "Every order, its stage and its total.");
  const navigate = useNavigate();
  const [pageSize, setPageSize] = usePageSize("admin-orders");
  // A search (3+ characters) asks the server: an order's number ("R-1042"), its bag, its customer.
  const [searchText, setSearchText] = useState("");
  const typed = useDebounced(searchText.trim(), 300);
  const q = typed.length >= 3 ? typed : undefined;
  const pages = useCursorPages(JSON.stringify([pageSize, q]));
  const counts = useOrderCounts();
  const orders = useOrderPage({ q, cursor: pages.cursor, limit: pageSize });
  useEffect(() => {
    if (orders.data) pages.learn(pages.pageIndex, orders.data.cursor);
  }, [orders.data, pages.pageIndex, pages.learn]);
  const { items, collectionProps } = useCollection(orders.data?.items ?? [], {
    sorting: { defaultState: { sortingColumn: { sortingField: "createdAt" }, isDescending: true } },
  });

  const actions = useOrderActions();
  // On a phone the table scrolls in its box: the customer is plain text there (the order's page links to them), so
  // every link and button of a row is one its first screen shows.
  const narrow = useNarrow();

  const columns: TableProps.ColumnDefinition<OrderView>[] = [
    {
      id: "id",
      header: "Order",
      // Wide enough for "R-10042" on one line (lines wrap in this table, and a number broken at its hyphen misreads).
      minWidth: 96,
      cell: (order) => (
        <Link
          href={staffOrderPath(order.id)}
          ariaLabel={`Open order ${orderReference(order)}`}
          onFollow={(event) => {
            event.preventDefault();
            navigate(staffOrderPath(order.id));
          }}
        >
          {orderReference(order)}
        </Link>
      ),
    },
    { id: "customer", header: "Customer", cell: (order) => (narrow ? orderCustomer(order) : <CustomerLink id={order.userId}>{orderCustomer(order)}</CustomerLink>) },
    { id: "paddle", header: "Paddle", cell: orderPaddle },
    { id: "bag", header: "Bag #", cell: orderBag, sortingField: "bagNumber", minWidth: 80 },
    { id: "location", header: "Location", cell: (order) => <TwoLines first={orderLocation(order)} second={orderPickupDay(order)} />, minWidth: 170 },
    { id: "addons", header: "Add-On Options", cell: addOns, maxWidth: 200 },
    // The bill's total (sorting by the stored total, the same number).
    { id: "total", header: "Total", cell: (order) => formatCents(order.bill.totalCents), sortingField: "totalCents" },
    { id: "payment", header: "Payment", cell: (order) => <PaymentStatus order={order} />, minWidth: 130 },
    {
      id: "status",
      header: "Status",
      minWidth: 170,
      cell: (order) => <StageStatus stage={order.stage} />,
    },
    { id: "actions", header: "Actions", minWidth: 170, cell: (order) => <ChangeStatus order={order} actions={actions} /> },
    {
      id: "created",
      header: "Created",
      cell: (order) => <span title={orderDateTitle(order.createdAt)}>{orderDate(order.createdAt)}</span>,
      sortingField: "createdAt",
    },
  ];

  const inReach = useActionsInReach(columns, ["id", "actions"]);
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
          {...pagedRows(orders, pages, items, "Loading orders", orders.isError ? "No orders to show." : q ? `No orders match "${q}".` : "There are no orders yet.")}
          preferences={<OrdersPerPage pageSize={pageSize} onChange={setPageSize} />}
          filter={<OrderSearch text={searchText} onChange={setSearchText} />}
        />
      </SpaceBetween>
      {actions.dialogs}
    </ContentLayout>
  );
}
