import Alert from "@cloudscape-design/components/alert";
import Badge from "@cloudscape-design/components/badge";
import Box from "@cloudscape-design/components/box";
import Button from "@cloudscape-design/components/button";
import Container from "@cloudscape-design/components/container";
import ContentLayout from "@cloudscape-design/components/content-layout";
import Header from "@cloudscape-design/components/header";
import KeyValuePairs from "@cloudscape-design/components/key-value-pairs";
import SpaceBetween from "@cloudscape-design/components/space-between";
import StatusIndicator from "@cloudscape-design/components/status-indicator";
import Table, { type TableProps } from "@cloudscape-design/components/table";
import { billAmount, billPaymentRows } from "@regrip/core/shared/bill-rows";
import type { CustomerContact, CustomerOrderView, CustomerSummary } from "@regrip/core/shared/customer-summary";
import { customerName, CUSTOMER_NOT_FOUND } from "@regrip/core/shared/customers";
import { PLAN_TERMS } from "@regrip/core/shared/membership";
import { orderReference, type OrderView } from "@regrip/core/shared/orders";
import { displayPhone } from "@regrip/core/shared/phone";
import { shownBrand, type PaddleView } from "@regrip/core/shared/paddles";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { isAdmin } from "../../../auth/roles";
import { useCurrentUser } from "../../../auth/current-user";
import { usePageMeta } from "../../../lib/page-meta";
import { entryWhat, periodEndLabel, regripsLeftWords, shortDate, signedPoints, subscriptionStatus } from "../../shop-tools/membership-words";
import { useOrderPage } from "../console-api";
import { BackToQueue, LoadFailed, RecordNotLoaded } from "../LoadFailed";
import { orderDate, orderDateTitle } from "../orders-format";
import { StageStatus } from "../orders/StageStatus";
import { staffOrderPath } from "../orders/staff-order-path";
import { CursorPagination } from "../TablePaging";
import { TwoLines } from "../TwoLines";
import { useCursorPages } from "../use-cursor-pages";
import { useNarrow } from "../use-narrow";
import { AdjustPointsModal } from "./AdjustPointsModal";
import { AppLink } from "./CustomerLink";
import { CustomerFormModal } from "./CustomerFormModal";
import { MemberBadge } from "./MemberBadge";
import { NotesModal } from "./NotesModal";
import "../console.css";
import { useCustomerSummary } from "./customers-api";

const dash = (value: string | null | undefined) => value || "—";
const cents = (amount: number) => billAmount({ cents: amount, minus: false });
const onOff = (on: boolean) => (on ? "On" : "Off");
const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).replace(/_/g, " ");


const paddleName = (paddle: { nickname: string | null; brand: string | null; model: string | null }) => {
  const make = [shownBrand(paddle.brand), paddle.model].filter(Boolean).join(" ");
  if (paddle.nickname && make) return `${paddle.nickname} (${make})`;
  return paddle.nickname || make || "—";
};

/** The admin orders' OrderView as the customer page lists an order (its older pages). */
const listed = (order: OrderView): CustomerOrderView => ({
  id: order.id,
  number: order.number,
  stage: order.stage,
  paymentStatus: order.paymentStatus,
  createdAt: order.createdAt,
  paddle: order.paddle,
  bagCode: order.bag?.code3 ?? null,
  bill: order.bill,
});

function Contact({ customer, onEditNotes }: { customer: CustomerContact; onEditNotes: () => void }) {
  const grip = customer.preferences.grip;
  return (
    <Container header={<Header variant="h2" actions={<Button onClick={onEditNotes}>Edit notes</Button>}>Contact and notes</Header>}>
      <KeyValuePairs
        columns={3}
        items={[
          { label: "Name", value: customerName(customer) },
          {
            label: "Phone",
            value: customer.phone ? (
              <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                <span>{displayPhone(customer.phone)}</span>
                <StatusIndicator type={customer.phoneVerified ? "success" : "pending"}>{customer.phoneVerified ? "Verified" : "Not verified"}</StatusIndicator>
              </SpaceBetween>
            ) : (
              "—"
            ),
          },
          { label: "Email", value: dash(customer.email) },
          { label: "Account", value: customer.hasAccount ? "Signs in online" : "Walk-in (no sign-in yet)" },
          { label: "Order texts and emails", value: `Texts ${onOff(customer.preferences.smsNotifications)} · Emails ${onOff(customer.preferences.emailNotifications)}` },
          { label: "Promotions", value: `Texts ${onOff(customer.preferences.smsPromotions)} · Emails ${onOff(customer.preferences.emailPromotions)}` },
          {
            label: "Grip preferences",
            value: grip ? [grip.service, grip.color, grip.feel].filter(Boolean).join(", ") || "—" : "—",
          },
          { label: "Notes (staff only)", value: customer.notes ? <span className="customer-notes">{customer.notes}</span> : "—" },
        ]}
      />
    </Container>
  );
}

function ordersColumns(narrow: boolean): TableProps.ColumnDefinition<CustomerOrderView>[] {
  const reference = (order: CustomerOrderView) => (
    <AppLink href={staffOrderPath(order.id)} ariaLabel={`Order ${orderReference(order)}`}>
      {orderReference(order)}
    </AppLink>
  );
  const balance = (order: CustomerOrderView) => (order.bill.balanceCents > 0 ? <Box color="text-status-warning">{cents(order.bill.balanceCents)}</Box> : cents(0));
  if (narrow) {
    // A phone: the order, its stage and date in one cell, and its balance: no word broken, nothing off-screen.
    return [
      {
        id: "order",
        header: "Order",
        isRowHeader: true,
        cell: (order) => (
          <SpaceBetween size="xxxs">
            {reference(order)}
            <StageStatus stage={order.stage} />
            <Box variant="small">{orderDate(order.createdAt)}</Box>
          </SpaceBetween>
        ),
      },
      { id: "balance", header: "Balance", cell: balance },
    ];
  }
  return [
    { id: "order", header: "Order", isRowHeader: true, cell: (order) => <TwoLines first={reference(order)} second={order.bagCode ? `Bag ${order.bagCode}` : "No bag"} /> },
    { id: "stage", header: "Stage", cell: (order) => <StageStatus stage={order.stage} /> },
    { id: "paddle", header: "Paddle", cell: (order) => paddleName(order.paddle) },
    { id: "date", header: "Date", cell: (order) => <span title={orderDateTitle(order.createdAt)}>{orderDate(order.createdAt)}</span> },
    { id: "payment", header: "Payment", cell: (order) => capitalised(order.paymentStatus) },
    { id: "total", header: "Total", cell: (order) => cents(order.bill.totalCents) },
    { id: "balance", header: "Balance", cell: balance },
  ];
}

/** The older orders, a page at a time: the queue's own list of this customer's orders (GET /api/admin/orders?customerId=). */
function AllOrders({ customerId, narrow }: { customerId: string; narrow: boolean }) {
  const pages = useCursorPages(customerId);
  const orders = useOrderPage({ customerId, cursor: pages.cursor, limit: 10 });
  useEffect(() => {
    if (orders.data) pages.learn(pages.pageIndex, orders.data.cursor);
  }, [orders.data, pages.pageIndex, pages.learn]);
  return (
    <SpaceBetween size="s">
      <LoadFailed query={orders} header="Error Loading Orders" />
      <Table
        variant="embedded"
        ariaLabels={{ tableLabel: "All orders" }}
        header={<Header variant="h3">All orders</Header>}
        items={(orders.data?.items ?? []).map(listed)}
        trackBy="id"
        loading={orders.isPending}
        loadingText="Loading orders"
        wrapLines
        columnDefinitions={ordersColumns(narrow)}
        pagination={<CursorPagination pages={pages} />}
        empty={<Box textAlign="center">No orders</Box>}
      />
    </SpaceBetween>
  );
}

function Orders({ summary, narrow }: { summary: CustomerSummary; narrow: boolean }) {
  const [all, setAll] = useState(false);
  const { items, more } = summary.orders;
  return (
    <Container
      header={
        <Header variant="h2" counter={`(${items.length}${more ? "+" : ""})`} description="Newest first. Each order's page has its whole bill and its actions.">
          Orders
        </Header>
      }
    >
      <SpaceBetween size="s">
        <Table
          variant="embedded"
          ariaLabels={{ tableLabel: "Orders" }}
          items={items}
          trackBy="id"
          wrapLines
          columnDefinitions={ordersColumns(narrow)}
          empty={<Box textAlign="center">No orders yet</Box>}
        />
        {more && !all && <Button onClick={() => setAll(true)}>Show older orders</Button>}
        {all && <AllOrders customerId={summary.customer.id} narrow={narrow} />}
      </SpaceBetween>
    </Container>
  );
}

interface MoneyRow {
  key: string;
  order: CustomerOrderView;
  kind: "payment" | "refund";
  label: string;
  detail: string | null;
  amount: string;
}

/** Every payment and refund of the newest orders, in the bill's own rows (shared/bill-rows.ts): nothing added up here. */
function Payments({ orders }: { orders: CustomerOrderView[] }) {
  const rows: MoneyRow[] = orders.flatMap((order) =>
    billPaymentRows(order.bill)
      .filter((row) => row.kind === "payment" || row.kind === "refund")
      .map((row, index) => ({ key: `${order.id}-${index}`, order, kind: row.kind as "payment" | "refund", label: row.label, detail: row.detail, amount: billAmount(row) })),
  );
  return (
    <Table
      variant="container"
      header={
        <Header variant="h2" description="Of the orders above: how each was paid, and what was given back.">
          Payments and refunds
        </Header>
      }
      ariaLabels={{ tableLabel: "Payments and refunds" }}
      items={rows}
      trackBy="key"
      wrapLines
      columnDefinitions={[
        {
          id: "what",
          header: "Payment",
          isRowHeader: true,
          cell: (row) => <TwoLines first={row.kind === "refund" ? `Refund · ${orderReference(row.order)}` : `${row.label} · ${orderReference(row.order)}`} second={row.detail ?? ""} />,
        },
        { id: "amount", header: "Amount", cell: (row) => <Box textAlign="right">{row.amount}</Box> },
      ]}
      empty={<Box textAlign="center">No payments yet</Box>}
    />
  );
}

function Paddles({ paddles }: { paddles: CustomerSummary["paddles"] }) {
  return (
    <Table
      variant="container"
      header={
        <Header variant="h2" counter={`(${paddles.items.length}${paddles.more ? "+" : ""})`}>
          Paddles
        </Header>
      }
      ariaLabels={{ tableLabel: "Paddles" }}
      items={paddles.items}
      trackBy="id"
      wrapLines
      columnDefinitions={[
        {
          id: "paddle",
          header: "Paddle",
          isRowHeader: true,
          cell: (paddle: PaddleView) => (
            <TwoLines first={paddleName(paddle)} second={paddle.ownershipStatus === "owned" ? (paddle.gripSize ? `Grip ${paddle.gripSize}` : "") : capitalised(paddle.ownershipStatus)} />
          ),
        },
        {
          id: "where",
          header: "In the shop",
          cell: (paddle: PaddleView) =>
            paddle.openOrderId ? (
              <AppLink href={staffOrderPath(paddle.openOrderId)}>{paddle.bag ? `In bag ${paddle.bag.code3}` : "Open order"}</AppLink>
            ) : (
              "No"
            ),
        },
      ]}
      empty={<Box textAlign="center">No paddles</Box>}
    />
  );
}

function Points({ points, admin, onAdjust }: { points: CustomerSummary["points"]; admin: boolean; onAdjust: () => void }) {
  return (
    <Table
      variant="container"
      header={
        <Header
          variant="h2"
          description={`Balance: ${points.balance.toLocaleString("en-US")} points`}
          actions={
            admin ? (
              <Button onClick={onAdjust}>Adjust points</Button>
            ) : undefined
          }
        >
          Points
        </Header>
      }
      ariaLabels={{ tableLabel: "Points history" }}
      items={points.entries}
      trackBy="id"
      wrapLines
      columnDefinitions={[
        { id: "what", header: "What", isRowHeader: true, cell: (entry) => <TwoLines first={entryWhat(entry)} second={orderDate(entry.createdAt)} /> },
        { id: "points", header: "Points", cell: (entry) => <Box textAlign="right">{signedPoints(entry.points)}</Box> },
      ]}
      footer={points.more ? <Box color="text-body-secondary">Older entries: the customer's Shop Tools page shows the whole history.</Box> : undefined}
      empty={<Box textAlign="center">No points yet</Box>}
    />
  );
}

function MembershipAndPacks({ summary }: { summary: CustomerSummary }) {
  const { membership, packs } = summary;
  const status = subscriptionStatus(membership);
  return (
    <Container header={<Header variant="h2">Membership and packs</Header>}>
      <SpaceBetween size="m">
        {membership.plan ? (
          <KeyValuePairs
            columns={4}
            items={[
              { label: "Plan", value: <SpaceBetween direction="horizontal" size="xs">{PLAN_TERMS[membership.plan].name}<MemberBadge membership={summary.customer.membership} /></SpaceBetween> },
              { label: "Status", value: <StatusIndicator type={status.tone === "success" ? "success" : status.tone === "warning" ? "warning" : "stopped"}>{status.label}</StatusIndicator> },
              { label: "Regrips this period", value: regripsLeftWords(membership) },
              { label: periodEndLabel(membership), value: shortDate(membership.currentPeriodEnd) },
            ]}
          />
        ) : (
          <Box>No membership.</Box>
        )}
        {packs.items.length > 0 ? (
          <Table
            variant="embedded"
            ariaLabels={{ tableLabel: "Packs" }}
            header={<Header variant="h3" description={`${packs.left} regrips left in all`}>Packs</Header>}
            items={packs.items}
            trackBy="id"
            wrapLines
            columnDefinitions={[
              { id: "pack", header: "Pack", isRowHeader: true, cell: (pack) => <TwoLines first={pack.name} second={`Bought ${shortDate(pack.paidAt)}`} /> },
              { id: "left", header: "Left", cell: (pack) => `${pack.left} of ${pack.regrips}` },
              { id: "expires", header: "Expires", cell: (pack) => shortDate(pack.expiresAt) },
            ]}
          />
        ) : (
          <Box>No packs.</Box>
        )}
      </SpaceBetween>
    </Container>
  );
}

function Texts({ texts, customer }: { texts: CustomerSummary["texts"]; customer: CustomerContact }) {
  const inbox = texts ? `/messages/${texts.conversationId}` : null;
  return (
    <Container
      header={
        <Header
          variant="h2"
          counter={texts && texts.unread > 0 ? `(${texts.unread} unread)` : undefined}
          actions={inbox ? <AppLink href={inbox}>Reply in Messages</AppLink> : undefined}
        >
          Texts
        </Header>
      }
    >
      {!texts ? (
        <Box>{customer.phone ? "No texts with this number yet." : "No phone on file."}</Box>
      ) : (
        <SpaceBetween size="s">
          {texts.optedOut && <Alert type="warning">This number replied STOP: texts are not sent until the customer texts START.</Alert>}
          {texts.more && <AppLink href={inbox!}>Older texts in Messages</AppLink>}
          <SpaceBetween size="xs">
            {texts.messages.map((message) => (
              <div key={message.id}>
                <Box variant="small" color="text-body-secondary">
                  {`${message.direction === "inbound" ? customer.firstName || "Customer" : (message.sentBy ?? "Regrip")} · ${orderDateTitle(message.createdAt)}`}
                  {message.status === "failed" ? " · not delivered" : ""}
                </Box>
                <Box>{message.body}</Box>
              </div>
            ))}
          </SpaceBetween>
        </SpaceBetween>
      )}
    </Container>
  );
}

/**
 * /customers/:id: one customer on one screen for staff (GET /api/customers/{id}/summary): contact, staff's notes
 * (Edit notes) and Edit, orders
 * with their bills' totals and balances (each links to its order), payments and refunds, paddles, points (admins
 * adjust them with a reason), membership and packs, and the latest texts with a link to reply in Messages.
 * Reached from the customer searches, the queue's and Admin Orders' customer names, an order's page and Messages.
 */
export default function CustomerPage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const summary = useCustomerSummary(id);
  const narrow = useNarrow();
  const [editing, setEditing] = useState(false);
  const [adjusting, setAdjusting] = useState(false);
  const [notesOpen, setNotesOpen] = useState(false);
  const data = summary.data;
  const name = data ? customerName(data.customer) : "Customer";
  usePageMeta(name, "A customer: contact, paddles, orders, payments, points, membership and texts.");
  const reload = () => void queryClient.invalidateQueries({ queryKey: ["/api/customers", id] });

  if (!data) return <RecordNotLoaded kind="Customer" query={summary} notFound={{ header: CUSTOMER_NOT_FOUND, text: "No customer has this address. Find them with the search on the Service Queue." }} />;
  const { customer } = data;
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={[displayPhone(customer.phone), customer.email].filter(Boolean).join(" · ") || "No phone or email on file"}
          info={customer.membership ? <MemberBadge membership={customer.membership} /> : customer.hasAccount ? undefined : <Badge>Walk-in</Badge>}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button onClick={() => setEditing(true)}>Edit</Button>
              <Button onClick={() => navigate(`/storefrontbooking/${encodeURIComponent(customer.id)}`)}>New order</Button>
            </SpaceBetween>
          }
        >
          {name}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <BackToQueue />
        <Contact customer={customer} onEditNotes={() => setNotesOpen(true)} />
        <Orders summary={data} narrow={narrow} />
        <Payments orders={data.orders.items} />
        <Points points={data.points} admin={isAdmin(user)} onAdjust={() => setAdjusting(true)} />
        <MembershipAndPacks summary={data} />
        <Paddles paddles={data.paddles} />
        <Texts texts={data.texts} customer={customer} />
      </SpaceBetween>
      {editing && (
        <CustomerFormModal
          mode="edit"
          customer={customer}
          onDismiss={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            reload();
          }}
        />
      )}
      {notesOpen && (
        <NotesModal
          customerId={customer.id}
          name={name}
          notes={customer.notes}
          onDismiss={() => setNotesOpen(false)}
          onSaved={() => {
            setNotesOpen(false);
            reload();
          }}
        />
      )}
      {adjusting && (
        <AdjustPointsModal
          userId={customer.id}
          name={name}
          balance={data.points.balance}
          onDismiss={() => setAdjusting(false)}
          onSaved={() => {
            setAdjusting(false);
            reload();
          }}
        />
      )}
    </ContentLayout>
  );
}
