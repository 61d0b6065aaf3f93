import { formatDate } from "@regrip/core/shared/calendar";
import { holdDeadline } from "@regrip/core/shared/unpaid-hold";
import { Link } from "react-router";
import { Dialog } from "../../components/Dialog";
import { orderNumber, useOrder } from "../../data/orders";
import { formatCents } from "../../lib/money";
import type { BookingRequest, SummaryLine, Totals } from "./booking-state";
import { PriceBreakdown } from "./PriceBreakdown";

export function ConfirmBookingDialog({
  request,
  paddleLabel,
  where,
  lines,
  totals,
  submitting,
  onEdit,
  onConfirm,
}: {
  request: BookingRequest;
  paddleLabel: string;
  /** The drop-off and the pickup in words (the where-and-when step). */
  where: { dropoff: string; pickup: string };
  lines: SummaryLine[];
  totals: Totals;
  submitting: boolean;
  onEdit: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog title="Confirm Your Booking" description="Check the details, then confirm to book and pay." onClose={onEdit}>
      <dl className="confirm-facts">
        <div>
          <dt>Paddle</dt>
          <dd>{paddleLabel}</dd>
        </div>
        <div>
          <dt>Drop-off</dt>
          <dd>{where.dropoff}</dd>
        </div>
        <div>
          <dt>Pickup</dt>
          <dd>{where.pickup}</dd>
        </div>
        <div>
          <dt>Bag number</dt>
          <dd>{request.needsBag ? "The shop gives you a bag at drop-off" : request.bagNumber}</dd>
        </div>
        {request.customerNotes && (
          <div className="confirm-notes">
            <dt>Notes</dt>
            <dd>{request.customerNotes}</dd>
          </div>
        )}
      </dl>
      <PriceBreakdown lines={lines} totals={totals} promoCode={request.promoCode} points={request.redeemPoints} />
      <p className="fine-print">We'll text you when your paddle is ready.</p>
      <div className="dialog-actions">
        <button type="button" className="btn btn-outline" onClick={onEdit} disabled={submitting}>
          Edit Booking
        </button>
        <button type="button" className="btn btn-primary" onClick={onConfirm} disabled={submitting} data-autofocus>
          {submitting ? "Booking..." : totals.totalCents > 0 ? "Confirm and Pay" : "Confirm Booking"}
        </button>
      </div>
    </Dialog>
  );
}

export function BookingSuccessDialog({
  orderId,
  payment,
  pickupDate,
  bagNumber,
  bagFromShop,
  onClose,
}: {
  orderId: string;
  payment: "none" | "redirecting" | "failed";
  pickupDate: string | null;
  bagNumber: string | null;
  /** "I don't have a bag yet": the shop assigned `bagNumber` and hands it over at drop-off. */
  bagFromShop: boolean;
  onClose: () => void;
}) {
  const { data: order } = useOrder(orderId);
  const bag = bagNumber ?? order?.bagNumber ?? null;
  const ready = pickupDate ?? order?.pickupDate ?? null;
  // A booking on its unpaid hold says its real deadline (the same words as its confirmation and its order page).
  const payBy = order ? holdDeadline({ ...order, processedByStaffId: order.processedByStaffId ?? undefined }, new Date()) : null;
  return (
    <Dialog title="Service Booked!" onClose={onClose} size="small">
      <dl className="confirm-facts">
        <div>
          <dt>Order</dt>
          <dd>{order ? orderNumber(order) : orderId}</dd>
        </div>
        {bag && (
          <div>
            <dt>Your bag</dt>
            <dd>{bag}</dd>
          </div>
        )}
        {ready && (
          <div>
            <dt>Ready</dt>
            <dd>{formatDate(ready)}</dd>
          </div>
        )}
        <div>
          <dt>Amount</dt>
          <dd>{order ? formatCents(order.totalCents) : "..."}</dd>
        </div>
        {order?.invoiceUrl && (
          <div>
            <dt>Invoice</dt>
            <dd>
              <a href={order.invoiceUrl}>View invoice</a>
            </dd>
          </div>
        )}
      </dl>
      {bagFromShop && bag && (
        <p className="notice" role="status">{`Your bag is number ${bag}. The shop hands it to you when you drop off your paddle.`}</p>
      )}
      {payment === "redirecting" && <p role="status">Taking you to secure payment...</p>}
      {payment === "failed" && (
        <p className="notice" role="alert">
          {payBy
            ? `Your booking is made, but we couldn't open the payment page just now. ${payBy}: pay from your order page.`
            : "Your service is scheduled. We couldn't open the payment page just now, so payment can be processed later: pay from your order page or when you pick up."}
        </p>
      )}
      {payment === "none" && <p>You're all set. Drop your paddle off in its bag and we'll text you when it's ready.</p>}
      <div className="dialog-actions">
        <Link to={`/orders/${encodeURIComponent(orderId)}`} className="btn btn-outline">
          View Order
        </Link>
        <button type="button" className="btn btn-primary" onClick={onClose} data-autofocus>
          Done
        </button>
      </div>
    </Dialog>
  );
}
