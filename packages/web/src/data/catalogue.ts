import { useQuery } from "@tanstack/react-query";
import { apiJson } from "../lib/api";

/** GET /api/services (docs/api.md): the server's own shapes. Money in cents; stockQuantity null means unlimited. */
export type { Catalogue, CatalogueProduct, CoreService } from "@regrip/core/shared/catalogue";
import type { Catalogue } from "@regrip/core/shared/catalogue";
import { appWideRead } from "../lib/app-wide-read";

export const servicesQueryKey = ["/api/services"] as const;

export function useServices() {
  return useQuery({ queryKey: servicesQueryKey, queryFn: () => apiJson<Catalogue>("GET", "/api/services"), ...appWideRead });
}
