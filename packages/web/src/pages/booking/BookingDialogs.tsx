import { Link } from "react-router";
import { Dialog } from "../../components/Dialog";
import { locationLabel, orderNumber, useOrder } from "../../data/orders";
import { formatCents } from "../../lib/money";
import type { BookingRequest, SummaryLine, Totals } from "./booking-state";
import { PriceBreakdown } from "./PriceBreakdown";

export function ConfirmBookingDialog({
  request,
  paddleLabel,
  lines,
  totals,
  submitting,
  onEdit,
  onConfirm,
}: {
  request: BookingRequest;
  paddleLabel: string;
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
          <dd>{locationLabel(request.dropoffLocation)}</dd>
        </div>
        <div>
          <dt>Bag number</dt>
          <dd>{request.bagNumber}</dd>
        </div>
        {request.customerNotes && (
          <div className="confirm-notes">
            <dt>Notes</dt>
            <dd>{request.customerNotes}</dd>
          </div>
        )}
      </dl>
      <PriceBreakdown lines={lines} totals={totals} promoCode={request.promoCode} points={request.redeemPoints} />
      <p className="fine-print">Pickup is usually the next business day. We'll text you when your paddle is ready.</p>
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
  onClose,
}: {
  orderId: string;
  payment: "none" | "redirecting" | "failed";
  onClose: () => void;
}) {
  const { data: order } = useOrder(orderId);
  return (
    <Dialog title="Service Booked!" onClose={onClose} size="small">
      <dl className="confirm-facts">
        <div>
          <dt>Order</dt>
          <dd>{order ? `#${orderNumber(order)}` : orderId}</dd>
        </div>
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
      {payment === "redirecting" && <p role="status">Taking you to secure payment...</p>}
      {payment === "failed" && (
        <p className="notice" role="alert">
          Your service is scheduled. We couldn't open the payment page just now, so payment can be processed later: pay from your
          order page or when you pick up.
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
