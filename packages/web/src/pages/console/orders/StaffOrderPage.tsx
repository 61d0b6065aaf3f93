import Alert from "@cloudscape-design/components/alert";
import Box from "@cloudscape-design/components/box";
import Button from "@cloudscape-design/components/button";
import ColumnLayout from "@cloudscape-design/components/column-layout";
import Container from "@cloudscape-design/components/container";
import ContentLayout from "@cloudscape-design/components/content-layout";
import Header from "@cloudscape-design/components/header";
import KeyValuePairs from "@cloudscape-design/components/key-value-pairs";
import SpaceBetween from "@cloudscape-design/components/space-between";
import { staffStageLabel, stageOf } from "@regrip/core/shared/lifecycle";
import { ORDER_NOT_FOUND, orderTitle, type OrderView } from "@regrip/core/shared/orders";
import { billAmount } from "@regrip/core/shared/bill-rows";
import { paidWith } from "@regrip/core/shared/payment";
import { displayPhone } from "@regrip/core/shared/phone";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { usePageMeta } from "../../../lib/page-meta";
import { useStaffOrder } from "../console-api";
import { ConsoleBill } from "../ConsoleBill";
import { BackToQueue, RecordNotLoaded } from "../LoadFailed";
import { orderBag, orderCustomer, orderDateTitle, orderPaddle } from "../orders-format";
import { formatCents } from "../../../lib/money";
import { ChangeStatus, useOrderActions, type OrderActions } from "./OrderActions";
import { PaymentStatus } from "./PaymentStatus";
import { useCustomer } from "../customers/customers-api";
import { AppLink, CustomerLink } from "../customers/CustomerLink";
import { MemberBadge, type MemberCustomer } from "../customers/MemberBadge";
import { StageStatus } from "./StageStatus";
import { EditLinesModal } from "./EditLines";
import { staffOrderPath, workTicketPath } from "./staff-order-path";
import { AddToPaidModal } from "./AddToPaid";
import { addToPaidRefusal } from "@regrip/core/shared/order-balance";
import { paymentSummary } from "@regrip/core/shared/payment";
import { editRefusal } from "@regrip/core/shared/order-edit";
import { canRefund, RefundDialog } from "./RefundDialog";
import { useEffect, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { PackCreditView } from "@regrip/core/shared/packs";
import { apiJson } from "../../../lib/api";

const dash = (value: string | null | undefined) => value || "—";

/** The staff discount's amount, as the bill names it. */
const staffDiscountAmount = (order: OrderView) => {
  const discount = order.bill.discounts.find((entry) => entry.kind === "staff");
  return discount ? billAmount({ cents: discount.amountCents, minus: false }) : "—";
};

/**
 * /queue/orders/:id, what a scanned bag or the queue's Details opens: who it is for, what it owes, what staff know
 * of it, and the actions (Mark Picked Up with its payment dialog, Take Payment, Change Status; Edit Lines before
 * payment and service; Print Ticket, the bench's work ticket). Back goes to the queue.
 */
export default function StaffOrderPage() {
  const { id = "" } = useParams();
  const order = useStaffOrder(id);
  const actions = useOrderActions();
  const [refunding, setRefunding] = useState(false);
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const data = order.data;
  // A counter sale paid at the counter lands here with `?pay=now` (counter-sale/HowToPay.tsx): the payment dialog
  // opens once, on the order as read, and the address drops the flag so a reload does not open it again.
  const [params, setParams] = useSearchParams();
  const payNow = params.get("pay") === "now";
  const payOpened = useRef(false);
  useEffect(() => {
    if (!payNow || !data || payOpened.current) return;
    payOpened.current = true;
    setParams({}, { replace: true });
    if (data.bill.balanceCents > 0) actions.pay(data);
  }, [payNow, data, actions, setParams]);
  usePageMeta(data ? orderTitle(data) : "Order", "An order at the counter: customer, payment, notes and actions.");

  if (!data) return <RecordNotLoaded kind="Order" query={order} notFound={{ header: ORDER_NOT_FOUND, text: "No order has this address. Scan the bag again or find the order in the queue." }} />;
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={`${orderCustomer(data)} · ${orderPaddle(data)}`}
          actions={<OrderButtons order={data} actions={actions} onRefund={() => setRefunding(true)} onEdit={() => setEditing(true)} onAdd={() => setAdding(true)} />}
        >
          {orderTitle(data)}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <BackToQueue />
        {data.addedTo && (
          <Alert type="info" header={`Added to ${data.addedTo.reference} after payment`}>
            {"This order is what was added to "}
            <AppLink href={staffOrderPath(data.addedTo.id)}>{data.addedTo.reference}</AppLink>
            {" once it was paid: it goes home with that order's paddle, and is done once paid."}
          </Alert>
        )}
        {data.added && data.added.length > 0 && <AddedOrders added={data.added} />}
        {data.paymentFailureReason && (
          <Alert type="warning" header="Payment problem">
            {data.paymentFailureReason}
          </Alert>
        )}
        <ColumnLayout columns={2}>
          <Container header={<Header variant="h2">Customer</Header>}>
            <KeyValuePairs
              columns={1}
              items={[
                { label: "Name", value: <CustomerLink id={data.userId}>{orderCustomer(data)}</CustomerLink> },
                { label: "Phone", value: dash(displayPhone(data.user.phone)) },
                { label: "Email", value: dash(data.user.email) },
                { label: "Membership", value: <Membership userId={data.userId} /> },
              ]}
            />
          </Container>
          <Container header={<Header variant="h2">Payment</Header>}>
            <KeyValuePairs columns={1} items={paymentFacts(data)} />
          </Container>
        </ColumnLayout>
        <Container header={<Header variant="h2">Paddle and stage</Header>}>
          <KeyValuePairs
            columns={4}
            items={[
              { label: "Stage", value: <StageStatus stage={data.stage} /> },
              { label: "Bag", value: orderBag(data) },
              { label: "Paddle", value: orderPaddle(data) },
              { label: "Booked", value: orderDateTitle(data.createdAt) },
            ]}
          />
        </Container>
        <Container header={<Header variant="h2">Notes</Header>}>
          <KeyValuePairs
            columns={3}
            items={[
              { label: "Customer's notes", value: dash(data.customerNotes) },
              { label: "MyGripNotes (staff)", value: dash(data.myGripNotes) },
              {
                label: "Staff discount",
                value: data.staffDiscount
                  ? `${staffDiscountAmount(data)} by ${data.staffDiscount.byStaffName ?? "staff"}${data.staffDiscount.notes ? `: ${data.staffDiscount.notes}` : ""}`
                  : "—",
              },
            ]}
          />
        </Container>
        <ConsoleBill bill={data.bill} />
        <Container header={<Header variant="h2">History</Header>}>
          <SpaceBetween size="xxs">
            {[...data.statusHistory].reverse().map((entry, i) => {
              const stage = stageOf(entry.to);
              return (
                <Box key={`${entry.at}-${i}`}>
                  {`${orderDateTitle(entry.at)}: ${stage ? staffStageLabel[stage] : entry.to}${entry.actorName ? ` by ${entry.actorName}` : ""}${entry.note ? `. ${entry.note}` : ""}`}
                </Box>
              );
            })}
          </SpaceBetween>
        </Container>
      </SpaceBetween>
      {actions.dialogs}
      {editing && <EditLinesModal key={data.updatedAt} order={data} onClose={() => setEditing(false)} />}
      {adding && <AddToPaidModal key={data.updatedAt} order={data} onClose={() => setAdding(false)} />}
      {refunding && <RefundDialog key={data.id} order={data} role={actions.isAdmin ? "admin" : "employee"} onClose={() => setRefunding(false)} />}
    </ContentLayout>
  );
}

/**
 * The customer's membership now: the queue's order list carries none, so the order's own page reads the
 * customer and shows the member badge with the regrips left this period.
 */
function Membership({ userId }: { userId: string }) {
  const customer = useCustomer(userId);
  if (customer.isPending) return <Box color="text-body-secondary">Loading...</Box>;
  if (customer.isError) return <Box color="text-body-secondary">Unknown</Box>;
  const { membership, points } = customer.data as MemberCustomer;
  return (
    <SpaceBetween size="xxs">
      {membership ? <MemberBadge membership={membership} /> : <span>No plan</span>}
      {points !== undefined && <Box color="text-body-secondary">{`${points.toLocaleString("en-US")} points`}</Box>}
      <PackBalance userId={userId} />
    </SpaceBetween>
  );
}

/** The customer's packs of regrips at the counter: the credits left in all (GET /api/customers/{id}/packs), or nothing without a pack. */
function PackBalance({ userId }: { userId: string }) {
  const packs = useQuery({
    queryKey: ["/api/customers", userId, "packs"],
    queryFn: () => apiJson<{ items: PackCreditView[]; left: number }>("GET", `/api/customers/${encodeURIComponent(userId)}/packs`),
  });
  if (!packs.data || packs.data.items.length === 0) return null;
  const left = packs.data.left;
  return <Box color="text-body-secondary">{`Packs: ${left} ${left === 1 ? "regrip" : "regrips"} left`}</Box>;
}

/**
 * The order's payment, as the counter needs it: status and how it was paid (its amounts are the bill's, below);
 * then the customer's tip once paid (apart: never part of the total), with the staff member it went to.
 */
function paymentFacts(order: OrderView) {
  return [
    { label: "Status", value: <PaymentStatus order={order} inline /> },
    { label: "Total", value: billAmount({ cents: order.bill.totalCents, minus: false }) },
    ...(order.bill.balanceCents > 0 ? [{ label: "Balance due", value: billAmount({ cents: order.bill.balanceCents, minus: false }) }] : []),
    ...(order.paymentStatus === "paid" || order.paymentStatus === "refunded" ? [{ label: "Paid with", value: paidWith(order) }] : []),
    ...(order.tip
      ? [
          {
            label: "Tip",
            value: `${formatCents(order.tip.amountCents)}, paid ${orderDateTitle(order.tip.paidAt)}${order.tip.staffName ? `, to ${order.tip.staffName}` : ", to nobody on staff"}`,
          },
        ]
      : []),
  ];
}

/** The header's actions: the stage's next step as a button (Mark Picked Up first of all), Take Payment, Refund, Change Status. */
function OrderButtons({ order, actions, onRefund, onEdit, onAdd }: { order: OrderView; actions: OrderActions; onRefund: () => void; onEdit: () => void; onAdd: () => void }) {
  const next = actions.menu(order).find((item) => item.move.kind === "next_step");
  const owes = order.bill.balanceCents > 0 && order.stage !== "canceled";
  const navigate = useNavigate();
  return (
    <SpaceBetween direction="horizontal" size="xs">
      {/* Edit lines only while the server allows it (shared/order-edit.ts): unpaid, before service. */}
      {editRefusal(order) === null && <Button onClick={onEdit}>Edit Lines</Button>}
      {/* After payment, more is a new balance to pay (shared/order-balance.ts). */}
      {addToPaidRefusal(order) === null && <Button onClick={onAdd}>Add to This Order</Button>}
      {order.stage !== "canceled" && (
        <Button iconName="file" onClick={() => navigate(workTicketPath(order.id))}>
          Print Ticket
        </Button>
      )}
      {owes && <Button onClick={() => actions.pay(order)}>Take Payment</Button>}
      {canRefund(order) && <Button onClick={onRefund}>Refund</Button>}
      {next && (
        <Button variant="primary" loading={actions.moving(order.id)} onClick={() => actions.choose(order, next.id)}>
          {next.text}
        </Button>
      )}
      <ChangeStatus order={order} actions={actions} />
    </SpaceBetween>
  );
}

/**
 * What was added to this paid order (shared/order-balance.ts): each added order with its payment; one still owing
 * keeps the paddle here (Mark Picked Up is refused until it is paid or canceled).
 */
function AddedOrders({ added }: { added: NonNullable<OrderView["added"]> }) {
  const owing = added.filter((order) => order.dueCents > 0);
  return (
    <Alert type={owing.length ? "warning" : "info"} header={owing.length ? "Added after payment: to collect before pickup" : "Added after payment"}>
      <SpaceBetween size="xxs">
        {added.map((order) => {
          const summary = paymentSummary({ ...order, paymentMethod: "", refundedAmountCents: 0 });
          const stage = stageOf(order.status);
          return (
            <Box key={order.id}>
              <AppLink href={staffOrderPath(order.id)}>{order.reference}</AppLink>
              {`: ${formatCents(order.totalCents)} · ${stage === "canceled" ? "Canceled" : order.dueCents > 0 ? `${formatCents(order.dueCents)} due` : summary.label}`}
            </Box>
          );
        })}
      </SpaceBetween>
    </Alert>
  );
}
