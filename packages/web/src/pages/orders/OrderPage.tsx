import { shownBrand } from "@regrip/core/shared/paddles";
import { orderTitle } from "@regrip/core/shared/orders";
import { formatDate, formatInstant, SHOP_TIME_ZONE } from "@regrip/core/shared/calendar";
import { stageOf, stageLabelOf, timelinePosition, timelineSteps } from "@regrip/core/shared/lifecycle";
import { shopLocation } from "@regrip/core/shared/locations";
import { phoneWords, telHref } from "@regrip/core/shared/shop-contact";
import { useShops } from "../../data/shops";
import { holdDeadline } from "@regrip/core/shared/unpaid-hold";
import { offersTip } from "@regrip/core/shared/tips";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { useCurrentUser } from "../../auth/current-user";
import { LoadingSpinner } from "../../components/LoadingSpinner";
import { BillSummary } from "../../components/BillSummary";
import { PaymentConfirming, PaymentReceived } from "../../components/PaymentNotice";
import { useServices } from "../../data/catalogue";
import {
  bookAgainPath,
  isBagHandover,
  lineTotal,
  locationLabel,
  ordersQueryKey,
  paymentStatusLabel,
  startCheckout,
  useOrder,
  type Order,
  type OrderLineItem,
} from "../../data/orders";
import { errorStatus, serverMessage } from "../../lib/api-error";
import { formatCents } from "../../lib/money";
import { usePaymentReturn, type PaymentReturn } from "../../lib/payment-return";
import { usePageMeta } from "../../lib/page-meta";
import "../../styles/customer.css";
import "../../styles/order.css";
import { useToast } from "../../toast/use-toast";
import { markThankYou } from "../my-grips/thank-you";
import { CancelOrder } from "./CancelOrder";
import { DropoffActions } from "./ChangeDropoff";
import { PickupDialog } from "./PickupDialog";
import { OrderTip } from "./TipSection";

// The shop's clock, as the drop-off and pickup times beside it are (shared/calendar.ts), wherever the browser is.
const dateTime = new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone: SHOP_TIME_ZONE });
const dateOnly = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric" });

function formatDateTime(iso: string | null | undefined): string {
  const time = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(time) ? "—" : dateTime.format(time);
}

/**
 * Pickup is set 24 hours after booking and said as the next business day: a
 * pickup time on a weekend reads as the Monday after.
 */
export function pickupText(iso: string | null | undefined): string {
  const time = iso ? Date.parse(iso) : NaN;
  if (Number.isNaN(time)) return "Next business day";
  const day = new Date(time);
  while (day.getDay() === 0 || day.getDay() === 6) day.setDate(day.getDate() + 1);
  return `Next business day (${dateOnly.format(day)})`;
}

/**
 * The Pickup fact of the Location and Timing card: when it was picked up (the history's own time), that a ready
 * paddle waits now, that a canceled order has none; else the planned day. A picked-up or canceled order still read
 * "Next business day (...)".
 */
export function pickupFact(
  order: Pick<Order, "status" | "statusHistory" | "pickupDateTime" | "updatedAt" | "pickupDate" | "pickupLocation" | "isOnsite">,
): string {
  const stage = stageOf(order.status);
  if (stage === "picked_up") {
    const entry = [...order.statusHistory].reverse().find((e) => stageOf(e.to) === "picked_up");
    return `Picked up ${formatDateTime(entry?.at ?? order.updatedAt)}`;
  }
  if (stage === "canceled") return "None: this order was canceled";
  if (stage === "ready") return "Ready now";
  // The day the server promised (shared/calendar.ts pickupDateFor, an onsite day's own date, a delivery run's date).
  if (order.pickupDate) {
    if (order.isOnsite) return `${formatDate(order.pickupDate)}, the same day`;
    if (order.pickupLocation === "ONSITE") return `Delivered ${formatDate(order.pickupDate)}`;
    return `Ready ${formatDate(order.pickupDate)}`;
  }
  return pickupText(order.pickupDateTime);
}

/** A place of the Location and Timing card: a shop (its address) or a partner club (its address and map). */
function Place({ location, partner, withContact = false }: { location: string | null; partner: Order["partner"]; withContact?: boolean }) {
  if (location === "ONSITE" && partner) {
    return (
      <>
        <span className="place-name">{partner.name}</span>
        {partner.address && <span className="place-detail">{partner.address}</span>}
        {partner.mapsUrl && (
          <a href={partner.mapsUrl} target="_blank" rel="noopener noreferrer" className="place-detail">
            Open in maps<span className="visually-hidden">{` (${partner.name}, opens in a new tab)`}</span>
          </a>
        )}
      </>
    );
  }
  return <ShopPlace location={location} withContact={withContact} />;
}

/** A shop with its contact as an admin set it (GET /api/locations), the code's address until it arrives. */
function ShopPlace({ location, withContact }: { location: string | null; withContact: boolean }) {
  const shops = useShops();
  const shop = shopLocation(location);
  if (!shop) return <>{locationLabel(location)}</>;
  const contact = shops.state === "ready" ? shops.shops.find((candidate) => candidate.value === shop.value) : undefined;
  return (
    <>
      <span className="place-name">{shop.label}</span>
      <span className="place-detail">{(contact?.address ?? shop.address).join(", ")}</span>
      {contact && withContact && (
        <>
          <span className="place-detail">{contact.hours.map(([days, times]) => `${days}: ${times}`).join("; ")}</span>
          {contact.phone && (
            <a href={telHref(contact.phone)} className="place-detail">
              <span className="visually-hidden">{`Call ${shop.label}: `}</span>
              {phoneWords(contact.phone)}
            </a>
          )}
          {contact.mapsUrl && (
            <a href={contact.mapsUrl} target="_blank" rel="noopener noreferrer" className="place-detail">
              Open in maps<span className="visually-hidden">{` (${shop.label}, opens in a new tab)`}</span>
            </a>
          )}
        </>
      )}
    </>
  );
}

/** The Location and Timing card: where and when it is dropped off, where it is picked up and the promised day. */
function LocationCard({ order }: { order: Order }) {
  const dropoffAt = order.dropoffDateTime ?? order.createdAt;
  const pickupPlace = order.pickupLocation ?? order.dropoffLocation;
  return (
    <section className="card" aria-labelledby="location-title">
      <h2 id="location-title">Location and Timing</h2>
      <dl className="facts place-facts">
        <div>
          <dt>{order.isOnsite && order.partner ? "On-site at" : "Drop-off location"}</dt>
          <dd>
            <Place location={order.dropoffLocation} partner={order.partner} />
          </dd>
        </div>
        <div>
          <dt>Drop-off</dt>
          <dd>{Number.isNaN(Date.parse(dropoffAt)) ? "—" : formatInstant(new Date(dropoffAt))}</dd>
        </div>
        <div>
          <dt>Pickup location</dt>
          <dd>
            <Place location={pickupPlace} partner={order.partner} withContact />
          </dd>
        </div>
        <div>
          <dt>Pickup</dt>
          <dd data-testid="pickup-day">{pickupFact(order)}</dd>
        </div>
      </dl>
    </section>
  );
}

/**
 * "Pay by 4:35 pm today, or the booking is released": when the unpaid hold ends, in the shop's time zone, in the
 * words the confirmation and the payment page use (shared/unpaid-hold.ts `holdDeadline`); null when not on hold.
 */
export function payByText(
  order: Pick<Order, "status" | "paymentStatus" | "createdAt" | "statusHistory" | "processedByStaffId" | "totalCents">,
  now: Date = new Date(),
): string | null {
  return holdDeadline({ ...order, processedByStaffId: order.processedByStaffId ?? undefined }, now);
}

/** Steps up to the current one are done; the last shows 'Completed' once done. */
export function Timeline({ status }: { status: string }) {
  const position = timelinePosition(status);
  return (
    <ol className="timeline">
      {timelineSteps.map((step, index) => {
        const done = index <= position;
        const current = index === position;
        const label = done && "doneLabel" in step ? step.doneLabel : step.label;
        return (
          <li key={step.stage} className={`timeline-step${done ? " done" : ""}${current ? " current" : ""}`} aria-current={current ? "step" : undefined}>
            <span className="timeline-dot" aria-hidden="true">
              {done ? "✓" : index + 1}
            </span>
            <span className="timeline-label">
              {label}
              <span className="visually-hidden">{done ? " (done)" : " (to come)"}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function NotFound() {
  return (
    <section className="message-page" aria-labelledby="order-missing-title">
      <h1 id="order-missing-title">Order Not Found</h1>
      <p>The order you're looking for doesn't exist or you don't have permission to view it.</p>
      <Link to="/my-grips" className="btn btn-primary">
        Back to My Grips
      </Link>
    </section>
  );
}

function LineItems({ items }: { items: OrderLineItem[] }) {
  return (
    <ul className="summary-lines">
      {items.map((item, index) => (
        <li key={`${item.skuId ?? item.name}-${index}`}>
          <span>
            {item.name}
            {(item.quantity ?? 1) > 1 && ` × ${item.quantity}`}
            {item.description && <span className="summary-detail">{item.description}</span>}
          </span>
          <span>{formatCents(lineTotal(item))}</span>
        </li>
      ))}
    </ul>
  );
}

/** Whether the customer can pay this order by card now (the server's checkoutRefusal has the last word). */
function isPayable(order: Order): boolean {
  return order.paymentStatus === "unpaid" && stageOf(order.status) !== "canceled" && order.bill.balanceCents > 0;
}

function PayNow({ order }: { order: Order }) {
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  if (!isPayable(order)) return null;
  return (
    <button
      type="button"
      className="btn btn-primary btn-block"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const { url } = await startCheckout(order.id);
          window.location.assign(url);
        } catch (error) {
          setBusy(false);
          toast({ title: "Payment Unavailable", description: serverMessage(error) ?? "We couldn't open the payment page. Please try again later.", variant: "destructive" });
        }
      }}
    >
      {busy ? "Opening payment..." : "Pay Now"}
    </button>
  );
}

/**
 * What became of a payment: paid (or still being confirmed, the webhook landing a moment after the redirect);
 * declined, with the reason the server stored; or not completed (back from the checkout without paying). Null
 * when there is nothing to tell.
 */
const outcome = { frame: "payment-outcome", titleId: "payment-outcome-title" };

function PaymentOutcome({ order, returned, waiting, bagFromShop }: { order: Order; returned: PaymentReturn; waiting: boolean; bagFromShop: boolean }) {
  if (order.paymentStatus === "paid" && returned === "paid") {
    const bag = order.bag?.code3 || order.bagNumber;
    return (
      <PaymentReceived {...outcome} cardLast4={order.cardLast4}>
        {bagFromShop && bag && <p>{`Your bag is number ${bag}. The shop hands it to you when you drop off your paddle.`}</p>}
      </PaymentReceived>
    );
  }
  if (!isPayable(order)) return null;
  if (returned === "paid") return <PaymentConfirming {...outcome} waiting={waiting} otherwise="If you did not, pay with Pay Now." />;
  if (order.paymentFailureReason) {
    return (
      <section className="notice notice-danger payment-outcome" role="alert" aria-labelledby="payment-outcome-title">
        <h2 id="payment-outcome-title">Payment declined</h2>
        <p>{order.paymentFailureReason}</p>
        <p>Nothing was charged. Try again with Pay Now, with the same card or another one.</p>
        <PayNow order={order} />
      </section>
    );
  }
  if (returned === "canceled") {
    return (
      <section className="notice payment-outcome" role="status" aria-labelledby="payment-outcome-title">
        <h2 id="payment-outcome-title">Payment was not completed</h2>
        <p>{payByText(order) ? `Nothing was charged. ${payByText(order)}.` : "Nothing was charged. Pay now with Pay Now, or later from this page."}</p>
        <PayNow order={order} />
      </section>
    );
  }
  return null;
}

export default function OrderPage() {
  const { id } = useParams();
  // Just back from paying: the order is asked again every second, for up to 30 s, until it reads paid.
  const { returned, waiting } = usePaymentReturn(() => markThankYou(localStorage));
  const order = useOrder(id, { pollWhileUnpaid: waiting });
  const queryClient = useQueryClient();
  const paidNow = returned === "paid" && order.data?.paymentStatus === "paid";
  useEffect(() => {
    // My Grips' list shows it paid too.
    if (paidNow) void queryClient.invalidateQueries({ queryKey: ordersQueryKey, exact: true });
  }, [paidNow, queryClient]);
  const services = useServices();
  const me = useCurrentUser();
  const [pickup, setPickup] = useState(false);
  // The drop-off reminder's links: the drop-off change opened, or the cancel in view.
  const [search] = useSearchParams();
  usePageMeta(order.data ? orderTitle(order.data) : "Order", "Follow your paddle's regrip from drop-off to pickup.");

  if (order.isPending) return <LoadingSpinner text="Loading your order..." />;
  if (order.isError) {
    const status = errorStatus(order.error);
    if (status === 404 || status === 403 || status === 400) return <NotFound />;
    return (
      <section className="message-page" role="alert">
        <h1>Unable to load this order</h1>
        <p>Please check your connection and try again.</p>
        <button type="button" className="btn btn-primary" onClick={() => void order.refetch()}>
          Retry
        </button>
      </section>
    );
  }

  const data = order.data;
  const coreSkuIds = new Set(services.data?.coreServices.flatMap((service) => service.skus.map((sku) => sku.id)) ?? []);
  const isCore = (item: OrderLineItem, index: number) => (coreSkuIds.size ? coreSkuIds.has(item.skuId ?? "") : index === 0);
  const serviceItems = data.lineItems.filter(isCore);
  const addOns = data.lineItems.filter((item, index) => !isCore(item, index));
  const paddle = data.paddle;
  const stage = stageOf(data.status);
  const payBy = payByText(data);
  const bagFromShop = stage === "awaiting_payment" || stage === "scheduled" ? isBagHandover(localStorage, data.id) : false;
  const outcome = <PaymentOutcome order={data} returned={returned} waiting={waiting} bagFromShop={bagFromShop} />;
  // The outcome's own Pay Now (declined, not completed) stands in for the summary's.
  const outcomeHasPayNow = isPayable(data) && returned !== "paid" && (!!data.paymentFailureReason || returned === "canceled");
  // A tip is the customer's own: staff reading the order (the server answers them 404) are not offered one.
  const offerTip = offersTip(data) && me.data?.id === data.userId;
  // A pickup with a balance: the tip box pays balance and tip in one payment, in place of the summary's Pay Now.
  const payWithTip = offerTip && isPayable(data);

  return (
    <div className="page order-page">
      <Link to="/my-grips" className="back-link">
        ← Back to Dashboard
      </Link>
      <header className="page-header page-header-row">
        <div>
          <h1>{orderTitle(data)}</h1>
          <p>Booked {formatDateTime(data.createdAt)}</p>
        </div>
        <span className={`status-pill status-${data.status.toLowerCase()}`}>{stageLabelOf(data.status)}</span>
      </header>

      {outcome}

      {data.addedTo && (
        // An order the shop added to a paid one (shared/order-balance.ts): it has no progress of its own.
        <section className="notice" role="status" aria-labelledby="added-to-title">
          <h2 id="added-to-title">{`Added to order ${data.addedTo.reference}`}</h2>
          <p>
            {"The shop added this to your order "}
            <Link to={`/orders/${encodeURIComponent(data.addedTo.id)}`}>{data.addedTo.reference}</Link>
            {stage === "awaiting_payment" ? " after it was paid. Your paddle is handed back once this is paid too." : " after it was paid. It goes home with that order's paddle."}
          </p>
        </section>
      )}
      {data.added && data.added.length > 0 && (
        <section className="notice" role="status" aria-labelledby="added-title">
          <h2 id="added-title">Added to this order</h2>
          <ul>
            {data.added.map((added) => (
              <li key={added.id}>
                <Link to={`/orders/${encodeURIComponent(added.id)}`}>{added.reference}</Link>
                {`: ${formatCents(added.totalCents)} · ${stageOf(added.status) === "canceled" ? "Canceled" : added.dueCents > 0 ? `${formatCents(added.dueCents)} to pay before pickup` : "Paid"}`}
              </li>
            ))}
          </ul>
        </section>
      )}

      {data.locationNotice && (
        // Prominent, above everything: an admin canceled the onsite day or the delivery run this order was on.
        <section className="notice location-notice" role="status" aria-labelledby="location-notice-title">
          <h2 id="location-notice-title">Where and when changed</h2>
          <p>{data.locationNotice}</p>
        </section>
      )}

      {/* An added order has no progress of its own: it goes with the order it was added to. */}
      {!data.addedTo && (
        <section className="card" aria-labelledby="progress-title">
          <h2 id="progress-title">Progress</h2>
          {/* A canceled order has no steps to come: it says so instead. */}
          {stage !== "canceled" && <Timeline status={data.status} />}
          {stage === "awaiting_payment" && (
            <p className={payBy ? "pay-by" : "muted"}>
              {payBy ? `${payBy}. ` : ""}
              Your order starts moving once it's paid.
            </p>
          )}
          {stage === "canceled" && <p className="muted">This order was canceled.</p>}
          {stage === "ready" && (
            <button type="button" className="btn btn-accent btn-large" onClick={() => setPickup(true)}>
              Ready for Pickup!
            </button>
          )}
          {pickup && <PickupDialog orderId={data.id} onClose={() => setPickup(false)} />}
          {/* Book again: the customer's own picked-up order of a saved paddle, its services chosen again. */}
          {stage === "picked_up" && data.paddleId && me.data?.id === data.userId && (
            <Link to={bookAgainPath(data.id)} className="btn btn-primary">
              Book again
            </Link>
          )}
        </section>
      )}

      {/* One tip per order: once paid it is shown, never offered again. */}
      <OrderTip order={data} offer={offerTip} balanceCents={payWithTip ? data.bill.balanceCents : 0} />

      <div className="order-grid">
        <div>
          <section className="card" aria-labelledby="paddle-info-title">
            <h2 id="paddle-info-title">Paddle</h2>
            <dl className="facts">
              {data.paddleId || paddle?.nickname || paddle?.brand || paddle?.model ? (
                <>
                  <div>
                    <dt>Nickname</dt>
                    <dd>{paddle?.nickname || "—"}</dd>
                  </div>
                  <div>
                    <dt>Brand</dt>
                    <dd>{shownBrand(paddle?.brand) || "—"}</dd>
                  </div>
                  <div>
                    <dt>Model</dt>
                    <dd>{paddle?.model || "—"}</dd>
                  </div>
                </>
              ) : (
                // A counter sale names no paddle of the customer's: say so rather than three dashes.
                <div>
                  <dt>Paddle</dt>
                  <dd>Brought to the counter (not one of your saved paddles)</dd>
                </div>
              )}
              <div>
                <dt>Bag</dt>
                <dd>
                  {data.bag?.code3 || data.bagNumber || "—"}
                  {bagFromShop && (data.bag?.code3 || data.bagNumber) && (
                    <span className="place-detail">The shop hands you this bag when you drop off your paddle.</span>
                  )}
                </dd>
              </div>
            </dl>
          </section>

          <section className="card" aria-labelledby="service-details-title">
            <h2 id="service-details-title">Service and Add-Ons</h2>
            {serviceItems.length > 0 && <LineItems items={serviceItems} />}
            <h3 className="subhead">Add-ons</h3>
            {addOns.length > 0 ? <LineItems items={addOns} /> : <p className="muted">No add-ons on this order.</p>}
            {data.customerNotes && (
              <>
                <h3 className="subhead">Your notes</h3>
                <p className="notes">{data.customerNotes}</p>
              </>
            )}
          </section>

          {/* An added order has no drop-off or pickup of its own: it goes home with the order it was added to. */}
          {!data.addedTo && <LocationCard order={data} />}
          {!data.addedTo && me.data?.id === data.userId && <DropoffActions order={data} open={search.get("change") === "dropoff"} save={search.get("calendar") === "1"} />}
        </div>

        <div>
          <section className="card" aria-labelledby="current-status-title">
            <h2 id="current-status-title">Current Status</h2>
            <p className="current-status">{stageLabelOf(data.status)}</p>
            <p className="muted">Updated {formatDateTime(data.updatedAt ?? data.createdAt)}</p>
          </section>

          <section className="card" aria-labelledby="order-summary-title">
            <h2 id="order-summary-title">Order Summary</h2>
            <BillSummary bill={data.bill} totalTestId="order-total" />
            <dl className="payment-facts">
              <div>
                <dt>Payment</dt>
                <dd>
                  <span className={data.paymentStatus === "paid" ? "badge badge-success" : "badge badge-warning"}>
                    {paymentStatusLabel[data.paymentStatus] ?? data.paymentStatus}
                  </span>
                </dd>
              </div>
              {data.cardLast4 && (
                <div>
                  <dt>Card</dt>
                  <dd>
                    {data.cardBrand ?? "Card"} ending {data.cardLast4}
                  </dd>
                </div>
              )}
              {data.staffDiscount && (
                // Staff only (the server sends it to staff): who gave the quick sale's discount, and why.
                <div className="summary-staff-discount">
                  <dt>{`Staff discount${data.staffDiscount.byStaffName ? ` by ${data.staffDiscount.byStaffName}` : ""}`}</dt>
                  <dd>{data.staffDiscount.notes ?? "No notes"}</dd>
                </div>
              )}
            </dl>
            {!outcomeHasPayNow && !payWithTip && <PayNow order={data} />}
          </section>
          <CancelOrder order={data} focus={search.get("cancel") === "1"} />
        </div>
      </div>
    </div>
  );
}
