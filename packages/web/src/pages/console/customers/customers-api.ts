/** The staff customer calls (docs/api-staff.md, Customers): search, get, create, edit, and the counter's phone check. */
import { useQuery } from "@tanstack/react-query";
import type { CustomerSummary } from "@regrip/core/shared/customer-summary";
import { isSearchable, type CustomerForm, type CustomerPatch, type CustomerView, type PhoneOnFile } from "@regrip/core/shared/customers";
import { isStaff } from "../../../auth/roles";
import { useCurrentUser } from "../../../auth/current-user";
import { apiJson } from "../../../lib/api";
import { errorStatus, serverBody } from "../../../lib/api-error";

/** The two search calls: the queue's admin search and the counter pages' search. */
export type SearchScope = "admin" | "counter";
const searchPath: Record<SearchScope, string> = { admin: "/api/admin/customers/search", counter: "/api/customers/search" };

export const customerQueryKey = (id: string) => ["/api/customers", id] as const;

/**
 * A customer search: only from 3 characters and only for staff (the server refuses anyone else);
 * the previous answer stays while the next loads.
 */
export function useCustomerSearch(text: string, scope: SearchScope = "counter") {
  const { data: user } = useCurrentUser();
  const q = text.trim();
  return useQuery({
    queryKey: [searchPath[scope], q],
    queryFn: () => apiJson<{ items: CustomerView[] }>("GET", `${searchPath[scope]}?q=${encodeURIComponent(q)}`),
    enabled: isStaff(user) && isSearchable(q),
    placeholderData: (previous) => previous,
    staleTime: 0,
  });
}

export function useCustomer(id: string | undefined) {
  return useQuery({
    queryKey: customerQueryKey(id ?? ""),
    queryFn: () => apiJson<CustomerView>("GET", `/api/customers/${encodeURIComponent(id ?? "")}`),
    enabled: !!id,
  });
}

/** The console's path of a customer's page. */
export const customerPagePath = (id: string) => `/customers/${encodeURIComponent(id)}`;

const customerSummaryKey = (id: string) => ["/api/customers", id, "summary"] as const;

/** GET /api/customers/{id}/summary: the customer page's parts, read again each time the page opens. */
export function useCustomerSummary(id: string) {
  return useQuery({
    queryKey: customerSummaryKey(id),
    queryFn: () => apiJson<CustomerSummary>("GET", `/api/customers/${encodeURIComponent(id)}/summary`),
    enabled: !!id,
    staleTime: 0,
  });
}

/** Whether the staff member confirmed a second customer with a phone already on file (families share phones). */
type Shared = { allowSharedPhone?: boolean };
const shared = ({ allowSharedPhone }: Shared) => (allowSharedPhone ? { allowSharedPhone: true } : {});

/** POST /api/admin/customers with the form's parsed values (E.164 phone, lower-case email, "" for none). */
export function createCustomer(form: CustomerForm, options: Shared = {}): Promise<CustomerView> {
  return apiJson("POST", "/api/admin/customers", { ...form, phone: form.phone ?? "", email: form.email ?? "", ...shared(options) });
}

/** PATCH /api/customers/{id}: the storefront's edit (the phone cannot be cleared). */
export function patchCustomer(id: string, changes: CustomerPatch, options: Shared = {}): Promise<CustomerView> {
  return apiJson("PATCH", `/api/customers/${encodeURIComponent(id)}`, { ...changes, email: changes.email ?? "", ...shared(options) });
}

/** PUT /api/admin/customers/{id}: the whole record (an empty phone or email clears it). */
export function updateCustomer(id: string, form: CustomerForm, options: Shared = {}): Promise<CustomerView> {
  return apiJson("PUT", `/api/admin/customers/${encodeURIComponent(id)}`, { ...form, phone: form.phone ?? "", email: form.email ?? "", ...shared(options) });
}

/** The customer on file named by a 409 'A customer with this phone is already on file' (shared/customers PhoneOnFile). */
export function phoneOnFile(error: unknown): PhoneOnFile | undefined {
  const body = serverBody(error);
  if (errorStatus(error) !== 409 || typeof body?.existingCustomerId !== "string") return undefined;
  const existing = body.existingCustomer as CustomerView | undefined;
  return existing?.id === body.existingCustomerId ? { existingCustomerId: existing.id, existingCustomer: existing } : undefined;
}

/** POST /api/customers/{id}/phone: texts a code to the customer at the counter. */
export function sendCustomerPhoneCode(id: string, phone: string): Promise<{ phoneNumber: string }> {
  return apiJson("POST", `/api/customers/${encodeURIComponent(id)}/phone`, { phone });
}

export function verifyCustomerPhoneCode(id: string, code: string): Promise<CustomerView> {
  return apiJson("POST", `/api/customers/${encodeURIComponent(id)}/phone/verify`, { code });
}

/**
 * POST /api/admin/loyalty/{userId}/adjust (admin): points added or taken off any customer's balance, with a reason.
 * `idempotencyKey`: one per adjustment typed, so a double click or a retry adjusts once.
 */
export function adjustPoints(userId: string, body: { points: number; reason: string }, idempotencyKey: string) {
  return apiJson<{ balance: number }>("POST", `/api/admin/loyalty/${encodeURIComponent(userId)}/adjust`, body, { "Idempotency-Key": idempotencyKey });
}

/** PUT /api/customers/{id}/notes: staff's notes on the customer, the whole text (empty clears them). */
export function saveCustomerNotes(id: string, notes: string): Promise<{ notes: string | null }> {
  return apiJson("PUT", `/api/customers/${encodeURIComponent(id)}/notes`, { notes });
}
