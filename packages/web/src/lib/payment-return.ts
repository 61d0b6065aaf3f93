import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";

/** How long a page waits for the payment's webhook after the checkout's redirect before saying it is still on its way. */
export const PAYMENT_CONFIRM_WAIT_MS = 30_000;

export type PaymentReturn = "paid" | "canceled" | undefined;

/**
 * The way back from a checkout (`paid=1` or `payment=canceled`, payments/checkout.ts), for the order page and the
 * receipt: read once, then taken off the address (a bookmark or a print shows the page's own link), with `onPaid`
 * run once on the way back from paying. `waiting` is true while the page should keep asking whether the payment
 * landed: from a paid return, for up to 30 s (the webhook may land a moment after the redirect).
 */
export function usePaymentReturn(onPaid?: () => void): { returned: PaymentReturn; waiting: boolean } {
  const [params, setParams] = useSearchParams();
  const [returned] = useState<PaymentReturn>(() =>
    params.get("paid") === "1" ? "paid" : params.get("payment") === "canceled" ? "canceled" : undefined,
  );
  useEffect(() => {
    if (!params.has("paid") && !params.has("payment")) return;
    if (returned === "paid") onPaid?.();
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("paid");
        next.delete("payment");
        return next;
      },
      { replace: true },
    );
  }, [params, setParams, returned]); // eslint-disable-line react-hooks/exhaustive-deps
  const [waiting, setWaiting] = useState(returned === "paid");
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setWaiting(false), PAYMENT_CONFIRM_WAIT_MS);
    return () => clearTimeout(timer);
  }, [waiting]);
  return { returned, waiting };
}
