import { useCollection } from "@cloudscape-design/collection-hooks";
import Box from "@cloudscape-design/components/box";
import Button from "@cloudscape-design/components/button";
import Container from "@cloudscape-design/components/container";
import ContentLayout from "@cloudscape-design/components/content-layout";
import Header from "@cloudscape-design/components/header";
import Input from "@cloudscape-design/components/input";
import KeyValuePairs from "@cloudscape-design/components/key-value-pairs";
import SpaceBetween from "@cloudscape-design/components/space-between";
import Table, { type TableProps } from "@cloudscape-design/components/table";
import { customerName, type CustomerView } from "@regrip/core/shared/customers";
import { inStageFilter, type OrderStageFilter as StageFilter } from "@regrip/core/shared/lifecycle";
import { MY_GRIP_NOTES_MAX, MY_GRIP_NOTES_TOO_LONG, orderReference, type OrderView } from "@regrip/core/shared/orders";
import { displayPhone } from "@regrip/core/shared/phone";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { serverMessage } from "../../../lib/api-error";
import { usePageMeta } from "../../../lib/page-meta";
import { useToast } from "../../../toast/use-toast";
import { consoleKeys, saveNotes, useOrderCounts, useOrderPage } from "../console-api";
import { CustomerFormModal } from "../customers/CustomerFormModal";
import { AppLink, CustomerLink } from "../customers/CustomerLink";
import { useActionsInReach, useNarrow } from "../use-narrow";
import { CustomerSearch } from "../customers/CustomerSearch";
import { customerPagePath } from "../customers/customers-api";
import { MemberBadge, type MemberCustomer } from "../customers/MemberBadge";
import { orderBag, orderCustomer, orderDate, orderDateTitle, orderLocation, orderPaddle, orderPickupDay, orderPickupShort, orderService } from "../orders-format";
import { TwoLines } from "../TwoLines";
import { StatCards } from "../StatCards";
import { useCursorPages } from "../use-cursor-pages";
import { useDebounced } from "../use-debounced";
import { usePageSize } from "../use-page-size";
import { ChangeStatus, useOrderActions } from "../orders/OrderActions";
import { PaymentStatus } from "../orders/PaymentStatus";
import { StageStatus } from "../orders/StageStatus";
import { staffOrderPath } from "../orders/staff-order-path";
import { CursorPagination, OrderSearch, OrdersPerPage } from "../TablePaging";
import { LoadFailed } from "../LoadFailed";

/** The stage filter's cards: four stages and Active. */
const cards: { key: StageFilter; label: string }[] = [
  { key: "awaiting_payment", label: "Waiting Payment" },
  { key: "in_queue", label: "Service Queue" },
  { key: "in_service", label: "Being Serviced" },
  { key: "ready", label: "Complete" },
  { key: "active", label: "Active Orders" },
];

/** The text filter within a chosen customer's orders (the server answers that customer's orders only). */
function matchesText(order: OrderView, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  const haystack = [orderCustomer(order), order.user.email, order.user.phone, orderBag(order), orderReference(order), order.id, orderPaddle(order)]
    .filter(Boolean)
    .join(" ")
    .toLowerCase();
  return haystack.includes(needle);
}

export default function QueuePage() {
  usePageMeta("Service Queue", "Service Queue & Customer Management");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [selected, setSelected] = useState<CustomerView | null>(null);
  const [dialog, setDialog] = useState<{ customer?: CustomerView } | null>(null);
  const [customerText, setCustomerText] = useState("");
  const [stage, setStage] = useState<StageFilter | undefined>();
  const [searchText, setSearchText] = useState("");
  const [pageSize, setPageSize] = usePageSize("queue");
  const typed = useDebounced(searchText.trim(), 300);

  // A chosen customer: their orders (the typed text then filters within them); else the typed search.
  const q = selected ? undefined : typed.length >= 3 ? typed : undefined;
  const customerId = selected?.id;
  const pages = useCursorPages(JSON.stringify([stage, q, customerId, pageSize]));
  const counts = useOrderCounts();
  const orders = useOrderPage({ stage, q, customerId, cursor: pages.cursor, limit: pageSize });
  useEffect(() => {
    if (orders.data) pages.learn(pages.pageIndex, orders.data.cursor);
  }, [orders.data, pages.pageIndex, pages.learn]);

  const rows = useMemo(
    () =>
      (orders.data?.items ?? []).filter(
        (order) => inStageFilter(order.stage, stage) && (!selected || matchesText(order, searchText)),
      ),
    [orders.data, stage, selected, searchText],
  );
  const { items, collectionProps } = useCollection(rows, {
    sorting: { defaultState: { sortingColumn: { sortingField: "createdAt" }, isDescending: true } },
  });

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: consoleKeys.orders });
    void queryClient.invalidateQueries({ queryKey: consoleKeys.counts });
  };

  const actions = useOrderActions();

  async function submitNotes(order: OrderView, value: string) {
    try {
      await saveNotes(order.id, value);
    } catch (error) {
      toast({ title: "Failed to update notes.", description: serverMessage(error), variant: "destructive" });
      throw error;
    }
    toast({ title: "Notes Updated" });
    refresh();
  }

  const narrow = useNarrow();

  /** A row's Change Status and Details, side by side: the same on the wide table and on the phone's one column. */
  const rowActions = (order: OrderView) => (
    <SpaceBetween direction="horizontal" size="xs" alignItems="center">
      <ChangeStatus order={order} actions={actions} />
      <AppLink href={staffOrderPath(order.id)} ariaLabel={`Details of order ${orderReference(order)}`}>
        Details
      </AppLink>
    </SpaceBetween>
  );

  const columns: TableProps.ColumnDefinition<OrderView>[] = [
    {
      id: "bag",
      header: "Bag#",
      // The order's number under its bag: a bag is reused, the number names the order.
      cell: (order) => <TwoLines first={orderBag(order)} second={orderReference(order)} />,
      sortingField: "bagNumber",
      width: 90,
    },
    {
      id: "status",
      header: "Status",
      minWidth: 150,
      cell: (order) => <StageStatus stage={order.stage} />,
    },
    {
      id: "customer",
      header: "Customer",
      cell: (order) => (
        <div>
          <div>
            <CustomerLink id={order.userId}>{orderCustomer(order)}</CustomerLink>
          </div>
          <Box variant="small">{order.user.email || displayPhone(order.user.phone)}</Box>
        </div>
      ),
    },
    // Where the paddle is (a shop, or the partner club of an onsite day or delivery run) and the promised pickup day.
    { id: "location", header: "Location", cell: (order) => <TwoLines first={orderLocation(order)} second={orderPickupDay(order)} />, minWidth: 170 },
    { id: "payment", header: "Payment", cell: (order) => <PaymentStatus order={order} />, minWidth: 130 },
    { id: "paddle", header: "Paddle", cell: orderPaddle },
    { id: "service", header: "Service", cell: orderService, minWidth: 180, maxWidth: 260 },
    {
      id: "date",
      header: "Date",
      cell: (order) => <span title={orderDateTitle(order.createdAt)}>{orderDate(order.createdAt)}</span>,
      sortingField: "createdAt",
    },
    {
      id: "notes",
      header: "MyGripNotes",
      minWidth: 180,
      cell: (order) => order.myGripNotes || <Box color="text-status-inactive">—</Box>,
      editConfig: {
        ariaLabel: "MyGripNotes",
        editIconAriaLabel: "editable",
        errorIconAriaLabel: "Notes error",
        validation: (_order, value) =>
          typeof value === "string" && value.length > MY_GRIP_NOTES_MAX ? MY_GRIP_NOTES_TOO_LONG : undefined,
        editingCell: (order, { currentValue, setValue }) => (
          <Input autoFocus value={currentValue ?? order.myGripNotes ?? ""} onChange={({ detail }) => setValue(detail.value)} ariaLabel="MyGripNotes" />
        ),
      },
    },
    {
      id: "actions",
      header: "Actions",
      // Change Status and Details side by side.
      minWidth: 250,
      cell: (order) => rowActions(order),
    },
  ];

  // On a phone, one column: each order's bag and number, stage, customer, balance and actions stacked, so nothing
  // needs a sideways scroll (390 px wide); MyGripNotes and the rest are on the order's own page.
  const phoneColumns: TableProps.ColumnDefinition<OrderView>[] = [
    {
      id: "order",
      header: "Order",
      isRowHeader: true,
      cell: (order) => (
        <SpaceBetween size="xxs">
          <Box variant="strong">
            <span title={orderPickupDay(order)}>{`${orderBag(order) === "—" ? "No bag" : `Bag ${orderBag(order)}`} · ${orderReference(order)} · ${orderPickupShort(order)}`}</span>
          </Box>
          <StageStatus stage={order.stage} />
          <CustomerLink id={order.userId}>{orderCustomer(order)}</CustomerLink>
          <PaymentStatus order={order} inline />
          {rowActions(order)}
        </SpaceBetween>
      ),
    },
  ];

  const countFor = (key: StageFilter) => (key === "active" ? counts.data?.active : counts.data?.stages[key]);
  const wide = useActionsInReach(columns, ["bag", "actions", "status", "payment"]);
  const inReach = narrow ? { columnDefinitions: phoneColumns } : wide;
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Service Queue & Customer Management"
          actions={
            <Button variant="primary" onClick={() => setDialog({})}>
              Create New Customer
            </Button>
          }
        >
          Service Queue
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Container header={<Header variant="h2">Customers</Header>}>
          <CustomerSearch
            scope="admin"
            text={customerText}
            onTextChange={setCustomerText}
            onChoose={setSelected}
            onEdit={(customer) => setDialog({ customer })}
          />
        </Container>
        {selected && (
          <Container
            header={
              <Header
                variant="h2"
                actions={
                  <SpaceBetween direction="horizontal" size="xs">
                    <Button onClick={() => navigate(customerPagePath(selected.id))}>Customer page</Button>
                    <Button onClick={() => setDialog({ customer: selected })}>Edit Customer</Button>
                    <Button onClick={() => setSelected(null)}>Clear Filter</Button>
                  </SpaceBetween>
                }
              >
                Selected customer
              </Header>
            }
          >
            <KeyValuePairs
              columns={4}
              items={[
                { label: "Name", value: customerName(selected) },
                { label: "Email", value: selected.email ?? "—" },
                { label: "Phone", value: displayPhone(selected.phone) || "—" },
                // The order list carries no membership: the customer's is here, and on each order's own page.
                { label: "Membership", value: (selected as MemberCustomer).membership ? <MemberBadge membership={(selected as MemberCustomer).membership} /> : "No plan" },
              ]}
            />
          </Container>
        )}
        <StatCards
          label="Filter orders by status"
          cards={cards.map((card) => ({ ...card, value: countFor(card.key) }))}
          selected={stage}
          onToggle={setStage}
        />
        <LoadFailed query={orders} header="Error Loading Orders" message="Unable to load your orders. Please try again." />
        <Table
          {...collectionProps}
          variant="container"
          header={
            <Header variant="h2" counter={orders.data ? `(${rows.length}${orders.data.cursor ? "+" : ""})` : undefined}>
              {stage ? `Orders: ${cards.find((c) => c.key === stage)?.label}` : "Orders"}
            </Header>
          }
          ariaLabels={{
            tableLabel: "Orders",
            // The notes cell's edit button needs a name of its own (axe: button-name).
            activateEditLabel: (column, order) => `Edit ${String(column.header)} of order ${orderReference(order)}`,
            cancelEditLabel: () => "Cancel editing notes",
            submitEditLabel: () => "Save notes",
          }}
          // Change Status and Details stay in view: sticky when the table scrolls sideways, first (after the bag) on a phone.
          {...inReach}
          items={items}
          trackBy="id"
          loading={orders.isPending}
          loadingText="Loading orders"
          submitEdit={(order, column, value) => (column.id === "notes" ? submitNotes(order, String(value ?? "")) : undefined)}
          filter={
            <OrderSearch
              text={searchText}
              onChange={setSearchText}
              countText={searchText && orders.data ? `${rows.length} match${rows.length === 1 ? "" : "es"}` : undefined}
            />
          }
          pagination={<CursorPagination pages={pages} />}
          preferences={<OrdersPerPage pageSize={pageSize} onChange={setPageSize} />}
          empty={
            <Box textAlign="center" color="inherit" padding="m">
              {orders.isError ? (
                "No orders to show."
              ) : (
                <>
                  <b>No orders</b>
                  <Box variant="p" color="inherit">
                    {selected || stage || q ? "No orders match these filters." : "There are no orders yet."}
                  </Box>
                </>
              )}
            </Box>
          }
        />
      </SpaceBetween>
      {actions.dialogs}
      {dialog && (
        <CustomerFormModal
          mode={dialog.customer ? "edit" : "create"}
          customer={dialog.customer}
          seed={dialog.customer ? undefined : customerText}
          onDismiss={() => setDialog(null)}
          onSaved={(customer) => {
            setDialog(null);
            setSelected(customer);
          }}
        />
      )}
    </ContentLayout>
  );
}
