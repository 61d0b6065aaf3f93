import { SHOP_TIME_ZONE } from "@regrip/core/shared/calendar";
import { TIP_AMOUNT_MESSAGE, TIP_PERCENTAGES, TIP_RETURN, tipAmountRefusal, tipCentsOfDollars, tipOfPercentage, type TipView } from "@regrip/core/shared/tips";
import { useEffect, useId, useState } from "react";
import { useSearchParams } from "react-router";
import { startCheckout, startTip, type Order } from "../../data/orders";
import { serverMessage } from "../../lib/api-error";
import { formatCents } from "../../lib/money";

type TipReturn = "tipped" | "canceled" | undefined;

/**
 * The way back from a tip's checkout (`?tipped=1`, `?tip=canceled`: shared/tips.ts tipReturnUrls): read once, then
 * taken off the address, as the payment's return is (lib/payment-return.ts).
 */
function useTipReturn(): TipReturn {
  const [params, setParams] = useSearchParams();
  const [returned] = useState<TipReturn>(() =>
    params.get(TIP_RETURN.paid) === "1" ? "tipped" : params.get(TIP_RETURN.canceled) === "canceled" ? "canceled" : undefined,
  );
  useEffect(() => {
    if (!params.has(TIP_RETURN.paid) && !params.has(TIP_RETURN.canceled)) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(TIP_RETURN.paid);
        next.delete(TIP_RETURN.canceled);
        return next;
      },
      { replace: true },
    );
  }, [params, setParams]);
  return returned;
}

// The shop's clock, as the rest of the order page reads times.
const paidAtFormat = new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone: SHOP_TIME_ZONE });

/**
 * The order's tip once paid: its amount and when, in place of the tip box (an order takes one tip). Titled as the
 * thank-you on the way back from paying, which it replaces once the payment is recorded.
 */
function PaidTip({ tip }: { tip: TipView }) {
  const id = useId();
  const at = Date.parse(tip.paidAt);
  return (
    <section className="card tip-section tip-paid" aria-labelledby={`${id}-title`} data-testid="paid-tip">
      <h2 id={`${id}-title`}>Thank you for the tip!</h2>
      <dl className="facts">
        <div>
          <dt>Tip</dt>
          <dd data-testid="paid-tip-amount">{formatCents(tip.amountCents)}</dd>
        </div>
        <div>
          <dt>Paid</dt>
          <dd>{Number.isNaN(at) ? "—" : paidAtFormat.format(at)}</dd>
        </div>
      </dl>
      <p className="muted">It goes to the crew who regripped your paddle, apart from your order's total.</p>
    </section>
  );
}

/**
 * The order page's tip: the paid tip once there is one (an order takes one), else, when `offer` (a tippable stage,
 * the customer's own order), the tip box; with `balanceCents` owed (a pickup not paid yet), the box pays the
 * balance and the tip in one payment. Reads the way back from a tip's checkout either way, so the address is
 * cleaned up whether the payment was recorded before the page loaded or not.
 */
export function OrderTip({ order, offer, balanceCents = 0 }: { order: Order; offer: boolean; balanceCents?: number }) {
  const returned = useTipReturn();
  if (order.tip) return <PaidTip tip={order.tip} />;
  return offer ? <TipSection order={order} returned={returned} balanceCents={balanceCents} /> : null;
}

type Choice = { kind: "percentage"; percentage: number } | { kind: "custom" } | { kind: "none" };

/**
 * "Leave a tip" on a Ready or Picked Up order: 10, 15 or 20 % of the order with their amounts, or a custom
 * amount in dollars checked with the server's own rule (shared/tips.ts), then Tip opens the card checkout. Back from
 * paying (`?tipped=1`) it thanks the customer. The tip never changes the order's total.
 *
 * With a balance owed ("Pay and tip"), the same choices and No tip, and one button that opens one checkout of the
 * balance and the tip (POST /api/orders/{id}/checkout `{tipCents}`): "Pay $53.00 + $7.95 tip".
 */
function TipSection({ order, returned, balanceCents }: { order: Order; returned: TipReturn; balanceCents: number }) {
  const id = useId();
  const [choice, setChoice] = useState<Choice>({ kind: "percentage", percentage: TIP_PERCENTAGES[1] });
  const [typed, setTyped] = useState("");
  const [showError, setShowError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // A covered order's total may be $0: the percentages are then of what the work was worth.
  const base = order.bill.totalCents > 0 ? order.bill.totalCents : order.bill.subtotalCents;

  if (returned === "tipped") {
    return (
      <section className="card notice notice-success tip-section" role="status" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Thank you for the tip!</h2>
        <p>It goes to the crew who regripped your paddle. Your card receipt comes from the payment page.</p>
      </section>
    );
  }

  const customCents = tipCentsOfDollars(typed);
  const customError = typed.trim() === "" ? TIP_AMOUNT_MESSAGE : tipAmountRefusal(customCents);
  const amountCents = choice.kind === "percentage" ? tipOfPercentage(base, choice.percentage) : choice.kind === "custom" ? customCents : 0;
  const invalid = choice.kind === "custom" && customError !== null;
  const withBalance = balanceCents > 0;

  async function tip() {
    if (invalid) {
      setShowError(true);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const { url } = withBalance ? await startCheckout(order.id, amountCents > 0 ? amountCents : undefined) : await startTip(order.id, amountCents);
      window.location.assign(url);
    } catch (error) {
      setBusy(false);
      setFailure(serverMessage(error) ?? "We couldn't open the payment page. Please try again later.");
    }
  }

  const label = withBalance
    ? invalid || amountCents === 0
      ? `Pay ${formatCents(balanceCents)}`
      : `Pay ${formatCents(balanceCents)} + ${formatCents(amountCents)} tip`
    : invalid
      ? "Tip"
      : `Tip ${formatCents(amountCents)}`;

  return (
    <section className="card tip-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{withBalance ? "Pay and tip" : "Leave a tip"}</h2>
      <p className="muted">
        {withBalance
          ? `Your balance is ${formatCents(balanceCents)}. Add a tip for the crew who regripped your paddle: one card payment for both, and your order's total stays ${formatCents(order.bill.totalCents)}.`
          : `For the crew who regripped your paddle. Paid by card; your order's total stays ${formatCents(order.bill.totalCents)}.`}
      </p>
      {returned === "canceled" && (
        <p className="notice" role="status">
          Your tip was not completed. Nothing was charged.
        </p>
      )}
      <div className="tip-choices" role="group" aria-label="Tip amount">
        {TIP_PERCENTAGES.map((percentage) => {
          const pressed = choice.kind === "percentage" && choice.percentage === percentage;
          return (
            <button
              key={percentage}
              type="button"
              className={`btn ${pressed ? "btn-primary" : "btn-outline"}`}
              aria-pressed={pressed}
              onClick={() => {
                setChoice({ kind: "percentage", percentage });
                setShowError(false);
              }}
            >
              {percentage}% <span className="tip-amount">{formatCents(tipOfPercentage(base, percentage))}</span>
            </button>
          );
        })}
        <button
          type="button"
          className={`btn ${choice.kind === "custom" ? "btn-primary" : "btn-outline"}`}
          aria-pressed={choice.kind === "custom"}
          onClick={() => setChoice({ kind: "custom" })}
        >
          Custom
        </button>
        {withBalance && (
          <button
            type="button"
            className={`btn ${choice.kind === "none" ? "btn-primary" : "btn-outline"}`}
            aria-pressed={choice.kind === "none"}
            onClick={() => {
              setChoice({ kind: "none" });
              setShowError(false);
            }}
          >
            No tip
          </button>
        )}
      </div>
      {choice.kind === "custom" && (
        <div className="field tip-custom">
          <label htmlFor={`${id}-custom`}>Custom tip ($)</label>
          <input
            id={`${id}-custom`}
            inputMode="decimal"
            autoComplete="off"
            placeholder="5.00"
            value={typed}
            aria-invalid={showError && customError !== null}
            aria-describedby={showError && customError ? `${id}-custom-error` : undefined}
            onChange={(event) => setTyped(event.target.value)}
            onBlur={() => setShowError(typed.trim() !== "")}
          />
          {showError && customError && (
            <p id={`${id}-custom-error`} className="field-error" role="alert">
              {customError}
            </p>
          )}
        </div>
      )}
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      <button type="button" className="btn btn-accent btn-block" disabled={busy} onClick={() => void tip()}>
        {busy ? "Opening payment..." : label}
      </button>
    </section>
  );
}
