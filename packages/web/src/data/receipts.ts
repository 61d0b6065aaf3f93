import { useQuery } from "@tanstack/react-query";
import { RECEIPT_TOKEN_PARAM, type ReceiptView } from "@regrip/core/shared/receipts";
import { apiJson } from "../lib/api";

export type { ReceiptView as Receipt };

/** How often the receipt asks again while the payment is being confirmed (the webhook may land after the redirect). */
const paymentPollMs = 1000;

/**
 * GET /api/receipts/{id}?t=<token>: no sign-in, the token is the key. With `pollWhileUnpaid`, asked again every
 * second while it reads unpaid (just back from paying). A 404 is final: it is not asked again.
 */
export function useReceipt(id: string | undefined, token: string | null, { pollWhileUnpaid = false }: { pollWhileUnpaid?: boolean } = {}) {
  return useQuery({
    queryKey: ["/api/receipts", id ?? "", token ?? ""],
    queryFn: () =>
      apiJson<ReceiptView>("GET", `/api/receipts/${encodeURIComponent(id ?? "")}?${RECEIPT_TOKEN_PARAM}=${encodeURIComponent(token ?? "")}`),
    // No token, no receipt: nothing to ask.
    enabled: !!id && !!token,
    // Its payment changes behind the page (the webhook): what is true now each time it opens.
    refetchOnMount: "always",
    refetchInterval: (query) => (pollWhileUnpaid && query.state.data?.payment.status === "unpaid" ? paymentPollMs : false),
  });
}
