/**
 * What both counter sales (the storefront and the quick sale) read besides their own: the customer's paddles
 * (GET /api/customers/{id}/paddles), offered before a new one.
 */
import type { PaddleView } from "@regrip/core/shared/paddles";
import { useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api";

const customerPaddlesKey = (customerId: string) => ["/api/customers", customerId, "paddles"] as const;

export function useCustomerPaddles(customerId: string | undefined) {
  return useQuery({
    queryKey: customerPaddlesKey(customerId ?? ""),
    queryFn: () => apiJson<PaddleView[]>("GET", `/api/customers/${encodeURIComponent(customerId ?? "")}/paddles`),
    enabled: !!customerId,
    // Read again each time a sale opens: the sale before (Back from its order) may have added the paddle just made.
    refetchOnMount: "always",
  });
}
