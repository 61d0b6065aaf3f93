/** The money settings calls (docs/api-admin.md "Money settings"; GET /api/settings/money for the counter). */
import type { MoneySettings } from "@regrip/core/shared/money-settings";
import { useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api";

export const moneySettingsKeys = { admin: ["/api/admin/settings/money"] as const, counter: ["/api/settings/money"] as const };

export const readMoneySettings = () => apiJson<MoneySettings>("GET", "/api/admin/settings/money");
export const saveMoneySettings = (body: MoneySettings) => apiJson<MoneySettings>("PUT", "/api/admin/settings/money", body);

/** The rates and the employee's discount limit as the counter's pages read them (any staff member may). */
export function useCounterMoneySettings() {
  return useQuery({ queryKey: moneySettingsKeys.counter, queryFn: () => apiJson<MoneySettings>("GET", "/api/settings/money"), staleTime: 60_000 });
}
