import Alert from "@cloudscape-design/components/alert";
import Box from "@cloudscape-design/components/box";
import Button from "@cloudscape-design/components/button";
import ContentLayout from "@cloudscape-design/components/content-layout";
import Header from "@cloudscape-design/components/header";
import SegmentedControl from "@cloudscape-design/components/segmented-control";
import SpaceBetween from "@cloudscape-design/components/space-between";
import { useQuery } from "@tanstack/react-query";
import { formatDate } from "@regrip/core/shared/calendar";
import { isCoverNote } from "@regrip/core/shared/covered";
import { displayPhone } from "@regrip/core/shared/phone";
import { ORDER_NOT_FOUND, orderReference, type OrderView } from "@regrip/core/shared/orders";
import { createPortal } from "react-dom";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { QrCode } from "../../../components/QrCode";
import { errorStatus } from "../../../lib/api-error";
import { bagUrl } from "../../../lib/bag-links";
import { usePageMeta } from "../../../lib/page-meta";
import { bagByKey, useStaffOrder } from "../console-api";
import { LoadFailed } from "../LoadFailed";
import { orderCustomer, orderDateTitle, orderLocation, orderPaddle } from "../orders-format";
import { useStorefrontProducts } from "../storefront-booking/storefront-api";
import { staffOrderPath } from "./staff-order-path";
import "./ticket.css";

/** The paper sizes a ticket prints on, and each one's @page (the page's margins inside the printer's). */
const TICKET_SIZES = {
  letter: { label: "Letter", page: "size: letter; margin: 0.5in;" },
  label: { label: "4x6 label", page: "size: 4in 6in; margin: 0.15in;" },
} as const;
type TicketSize = keyof typeof TICKET_SIZES;

/** What the bench reads of a line: its options (color and feel, a weight's areas), else the product's color and feel. */
function optionsOf(line: OrderView["lineItems"][number], products: ReadonlyMap<string, { color: string | null; feel: string | null }>): string {
  // A covered line's description is the cover's note: the product names its color and feel.
  if (line.description && !isCoverNote(line.description)) return line.description;
  const product = line.skuId ? products.get(line.skuId) : undefined;
  return [product?.color, product?.feel].filter(Boolean).join(" · ");
}

/** The bag's QR (its label's: staff scanning it reach the order), read from the bag; none while it loads or without a bag. */
function BagQr({ code }: { code: string }) {
  const bag = useQuery({ queryKey: ["/api/bags", code], queryFn: () => bagByKey(code), staleTime: 60_000 });
  if (!bag.data) return <div className="wt-qr" aria-hidden="true" />;
  return <QrCode className="wt-qr" text={bagUrl(window.location.origin, bag.data.bag.qrSlug)} label={`QR code for bag ${code}`} />;
}

/** The ticket itself: what the bench needs to do the work, and where the paddle goes when done. */
function WorkTicket({ order, size, testId = "work-ticket" }: { order: OrderView; size: TicketSize; testId?: string }) {
  const products = useStorefrontProducts();
  const byId = new Map((products.data?.groups ?? []).flatMap((group) => group.items).map((product) => [product.id, product]));
  const bag = order.bag?.code3 ?? order.bagNumber;
  const phone = displayPhone(order.user.phone);
  return (
    <article className={`work-ticket work-ticket--${size}`} aria-label={`Work ticket for ${orderReference(order)}`} data-testid={testId}>
      <div className="wt-top">
        <div>
          <div className="wt-label">Work ticket</div>
          <div className="wt-number">{orderReference(order)}</div>
        </div>
        <div className="wt-bag">
          <div className="wt-label">Bag</div>
          <div className="wt-bag-code">{bag ?? "—"}</div>
        </div>
      </div>
      <div className="wt-facts">
        <dl>
          <dt>Customer</dt>
          <dd>
            {orderCustomer(order)}
            {phone ? ` · ${phone}` : ""}
          </dd>
          <dt>Paddle</dt>
          <dd>{orderPaddle(order)}</dd>
          <dt>Promised</dt>
          <dd className="wt-promised">{order.pickupDate ? formatDate(order.pickupDate) : "No pickup day"}</dd>
          <dt>Where</dt>
          <dd>{orderLocation(order)}</dd>
          {order.dropoffDateTime && (
            <>
              <dt>Drop-off</dt>
              <dd>{orderDateTitle(order.dropoffDateTime)}</dd>
            </>
          )}
        </dl>
        {bag && <BagQr code={bag} />}
      </div>
      <table className="wt-services">
        <thead>
          <tr>
            <th className="wt-check" aria-label="Done" />
            <th className="wt-qty-head">Qty</th>
            <th>Service</th>
            <th>Color, feel, options</th>
          </tr>
        </thead>
        <tbody>
          {order.lineItems.map((line, index) => (
            <tr key={line.id ?? index}>
              <td className="wt-check">
                <span aria-hidden="true" />
              </td>
              <td className="wt-qty">{line.quantity}</td>
              <td>{line.name}</td>
              <td>{optionsOf(line, byId) || "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="wt-notes">
        <div className="wt-label">Customer's notes</div>
        <p>{order.customerNotes || "—"}</p>
        <div className="wt-label">Staff notes</div>
        <p>{order.myGripNotes || "—"}</p>
      </div>
      <div className="wt-foot">{`Printed ${orderDateTitle(new Date().toISOString())}`}</div>
    </article>
  );
}

/**
 * /queue/orders/:id/ticket: the order's work ticket for the bench, on Letter or a 4x6 label (`?size=label`), with
 * Print. Printed, only the ticket shows (its copy at the top of <body>), on the size chosen (the @page rule below
 * follows the choice).
 */
export default function WorkTicketPage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const size: TicketSize = params.get("size") === "label" ? "label" : "letter";
  const order = useStaffOrder(id);
  usePageMeta(order.data ? `Ticket ${orderReference(order.data)}` : "Work ticket", "An order's work ticket for the bench.");
  const back = (
    <Button variant="link" iconName="angle-left" onClick={() => navigate(staffOrderPath(id))}>
      Order
    </Button>
  );
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="The bench's sheet: customer, paddle, services with color and feel, notes, the promised day, the bag and its QR."
          actions={
            <SpaceBetween direction="horizontal" size="xs" alignItems="center">
              <SegmentedControl
                label="Paper"
                selectedId={size}
                onChange={({ detail }) => setParams(detail.selectedId === "label" ? { size: "label" } : {}, { replace: true })}
                options={(Object.keys(TICKET_SIZES) as TicketSize[]).map((key) => ({ id: key, text: TICKET_SIZES[key].label }))}
              />
              <Button variant="primary" iconName="file" disabled={!order.data} onClick={() => window.print()}>
                Print
              </Button>
            </SpaceBetween>
          }
        >
          Work ticket
        </Header>
      }
    >
      <style>{`@media print { @page { ${TICKET_SIZES[size].page} } }`}</style>
      <SpaceBetween size="l">
        {back}
        {order.data && <WorkTicket order={order.data} size={size} />}
        {/*
         * The printed copy: a child of <body> itself, shown only in print while everything else is not displayed, so
         * the page's frame, a toast or a dialog never prints and the ticket starts at the paper's top corner.
         */}
        {order.data &&
          createPortal(
            <div className="work-ticket-print-root">
              <WorkTicket order={order.data} size={size} testId="work-ticket-print" />
            </div>,
            document.body,
          )}
        {order.isPending && <Box>Loading order…</Box>}
        {order.isError &&
          (errorStatus(order.error) === 404 ? (
            <Alert type="error" header={ORDER_NOT_FOUND}>
              No order has this address.
            </Alert>
          ) : (
            <LoadFailed query={order} header="Error Loading Order" message="Unable to load this order. Please try again." />
          ))}
      </SpaceBetween>
    </ContentLayout>
  );
}
