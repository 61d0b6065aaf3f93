import { RECEIPT_TOKEN_PARAM } from "@regrip/core/shared/receipts";
import { orderWithBag } from "@regrip/core/shared/orders";
import { useParams, useSearchParams } from "react-router";
import { BillSummary } from "../../components/BillSummary";
import { LoadingSpinner } from "../../components/LoadingSpinner";
import { PaymentConfirming, PaymentReceived } from "../../components/PaymentNotice";
import { paymentStatusLabel } from "../../data/orders";
import { useReceipt, type Receipt } from "../../data/receipts";
import { errorStatus } from "../../lib/api-error";
import { usePaymentReturn, type PaymentReturn } from "../../lib/payment-return";
import { usePageMeta } from "../../lib/page-meta";
import "../../styles/customer.css";
import "../../styles/receipt.css";

const dateTime = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" });

function formatDateTime(iso: string | null | undefined): string {
  const time = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(time) ? "—" : dateTime.format(time);
}

/** `visa` → `Visa`, `american_express` → `American Express`. */
function cardBrand(brand: string | null): string {
  if (!brand) return "Card";
  return brand
    .split(/[_\s]+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

const outcome = { frame: "receipt-notice", titleId: "receipt-outcome-title" };

/** What became of the payment just made: received, being confirmed, or not completed. Null when nothing to tell. */
function PaymentOutcome({ receipt, returned, waiting }: { receipt: Receipt; returned: PaymentReturn; waiting: boolean }) {
  const unpaid = receipt.payment.status === "unpaid";
  if (returned === "paid" && !unpaid) return <PaymentReceived {...outcome} cardLast4={receipt.payment.cardLast4} />;
  if (!unpaid) return null;
  if (returned === "paid") return <PaymentConfirming {...outcome} waiting={waiting} />;
  return (
    <section className="notice receipt-notice" role="status" aria-labelledby="receipt-outcome-title">
      <h2 id="receipt-outcome-title">{returned === "canceled" ? "Payment was not completed" : "Not paid yet"}</h2>
      <p>Nothing was charged. To pay, open the payment link we texted you.</p>
    </section>
  );
}

function NotFound() {
  return (
    <section className="message-page" aria-labelledby="receipt-missing-title">
      <h1 id="receipt-missing-title">Receipt Not Found</h1>
      <p>This receipt link is not valid. Please use the full link from your text message, or ask us at the counter.</p>
    </section>
  );
}

function ReceiptBody({ receipt }: { receipt: Receipt }) {
  const { payment } = receipt;
  const paid = payment.status === "paid";
  return (
    <article className="card receipt" aria-labelledby="receipt-title">
      <header className="receipt-head">
        <p className="receipt-shop">{receipt.shopName}</p>
        <h1 id="receipt-title">Receipt</h1>
        <dl className="receipt-facts">
          <div>
            <dt>Order</dt>
            <dd>{orderWithBag({ id: receipt.reference, number: receipt.reference, bagNumber: receipt.bagNumber })}</dd>
          </div>
          <div>
            <dt>Date</dt>
            <dd>{formatDateTime(receipt.date)}</dd>
          </div>
        </dl>
      </header>

      <BillSummary bill={receipt.bill} totalTestId="receipt-total" />

      <h2 className="receipt-subhead">Payment</h2>
      <dl className="receipt-payment">
        <div>
          <dt>Status</dt>
          <dd>
            <span className={paid ? "badge badge-success" : "badge badge-warning"} data-testid="receipt-payment-status">
              {paymentStatusLabel[payment.status] ?? payment.status}
            </span>
          </dd>
        </div>
        <div>
          <dt>Method</dt>
          <dd>{payment.method}</dd>
        </div>
        {payment.cardLast4 && (
          <div>
            <dt>Card</dt>
            <dd>
              {cardBrand(payment.cardBrand)} ending {payment.cardLast4}
            </dd>
          </div>
        )}
        {payment.paidAt && (
          <div>
            <dt>Paid</dt>
            <dd>{formatDateTime(payment.paidAt)}</dd>
          </div>
        )}
      </dl>
      <p className="receipt-thanks">Thank you for choosing Regrip!</p>
    </article>
  );
}

/**
 * `/receipt/<order id>?t=<token>`: a counter sale's receipt, for whoever holds the link (no sign-in: a walk-in who
 * paid by the texted link has no account). Where the checkout returns after paying; while the payment's webhook has
 * not landed it says so and asks again every second, for up to 30 s. Printable: the site's frame is left out.
 */
export default function ReceiptPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const token = params.get(RECEIPT_TOKEN_PARAM);
  const { returned, waiting } = usePaymentReturn();
  const receipt = useReceipt(id, token, { pollWhileUnpaid: waiting });
  usePageMeta(receipt.data ? `Receipt ${receipt.data.reference}` : "Receipt", "Your Regrip receipt.");

  if (!token) return <NotFound />;
  if (receipt.isPending) return <LoadingSpinner text="Loading your receipt..." />;
  if (receipt.isError) {
    const status = errorStatus(receipt.error);
    if (status === 404 || status === 400) return <NotFound />;
    return (
      <section className="message-page" role="alert">
        <h1>Unable to load this receipt</h1>
        <p>Please check your connection and try again.</p>
        <button type="button" className="btn btn-primary" onClick={() => void receipt.refetch()}>
          Retry
        </button>
      </section>
    );
  }

  return (
    <div className="page receipt-page">
      <PaymentOutcome receipt={receipt.data} returned={returned} waiting={waiting} />
      <ReceiptBody receipt={receipt.data} />
      <p className="receipt-actions">
        <button type="button" className="btn btn-outline" onClick={() => window.print()}>
          Print receipt
        </button>
      </p>
    </div>
  );
}
