import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { PAYMENT_CONFIRM_WAIT_MS } from "../../lib/payment-return";

export type SubscriptionReturn = "subscribed" | "canceled" | undefined;

/** How often the tab asks for the subscription again while the checkout's webhook is on its way. */
const POLL_MS = 2000;

/** What the address says of a checkout just left: `subscribed=1` (paid) or `subscription=canceled`. */
function subscriptionReturnOf(params: URLSearchParams): SubscriptionReturn {
  return params.get("subscribed") === "1" ? "subscribed" : params.get("subscription") === "canceled" ? "canceled" : undefined;
}

/**
 * The way back from the subscription's checkout (`/shop-tools?tab=subscription&subscribed=1` or
 * `&subscription=canceled`), as lib/payment-return.ts does for an order: read once, then taken off the address;
 * from a paid return, `waiting` while the plan is not live yet, for up to 30 s (the webhook may land a moment
 * after the redirect), asking again (`poll`) every 2 s.
 */
export function useSubscriptionReturn(live: boolean, poll: () => void): { returned: SubscriptionReturn; waiting: boolean } {
  const [params, setParams] = useSearchParams();
  const [returned] = useState<SubscriptionReturn>(() => subscriptionReturnOf(params));
  useEffect(() => {
    if (!params.has("subscribed") && !params.has("subscription")) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("subscribed");
        next.delete("subscription");
        return next;
      },
      { replace: true },
    );
  }, [params, setParams]);
  const [timedOut, setTimedOut] = useState(false);
  const waiting = returned === "subscribed" && !live && !timedOut;
  const pollRef = useRef(poll);
  pollRef.current = poll;
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setTimedOut(true), PAYMENT_CONFIRM_WAIT_MS);
    const asking = setInterval(() => pollRef.current(), POLL_MS);
    return () => {
      clearTimeout(timer);
      clearInterval(asking);
    };
  }, [waiting]);
  return { returned, waiting };
}
