/** The staff customer calls (docs/api-staff.md, Customers): search, get, create, edit, and the counter's phone check. */
import { useQuery } from "@tanstack/react-query";
import { isSearchable, type CustomerForm, type CustomerPatch, type CustomerView } from "@regrip/core/shared/customers";
import { apiJson } from "../../../lib/api";

export const customerQueryKey = (id: string) => ["/api/customers", id] as const;

/** GET /api/customers/search: only from 3 characters (§5); the previous answer stays while the next loads. */
export function useCustomerSearch(text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: ["/api/customers/search", q],
    queryFn: () => apiJson<{ items: CustomerView[] }>("GET", `/api/customers/search?q=${encodeURIComponent(q)}`),
    enabled: isSearchable(q),
    placeholderData: (previous) => previous,
  });
}

export function useCustomer(id: string | undefined) {
  return useQuery({
    queryKey: customerQueryKey(id ?? ""),
    queryFn: () => apiJson<CustomerView>("GET", `/api/customers/${encodeURIComponent(id ?? "")}`),
    enabled: !!id,
  });
}

/** POST /api/admin/customers with the form's parsed values (E.164 phone, lower-case email, "" for none). */
export function createCustomer(form: CustomerForm): Promise<CustomerView> {
  return apiJson("POST", "/api/admin/customers", { ...form, phone: form.phone ?? "", email: form.email ?? "" });
}

/** PATCH /api/customers/{id}: the storefront's edit (the phone cannot be cleared). */
export function patchCustomer(id: string, changes: CustomerPatch): Promise<CustomerView> {
  return apiJson("PATCH", `/api/customers/${encodeURIComponent(id)}`, { ...changes, email: changes.email ?? "" });
}

/** PUT /api/admin/customers/{id}: the whole record (an empty phone or email clears it). */
export function updateCustomer(id: string, form: CustomerForm): Promise<CustomerView> {
  return apiJson("PUT", `/api/admin/customers/${encodeURIComponent(id)}`, { ...form, phone: form.phone ?? "", email: form.email ?? "" });
}

/** POST /api/customers/{id}/phone: texts a code to the customer at the counter. */
export function sendCustomerPhoneCode(id: string, phone: string): Promise<{ phoneNumber: string }> {
  return apiJson("POST", `/api/customers/${encodeURIComponent(id)}/phone`, { phone });
}

export function verifyCustomerPhoneCode(id: string, code: string): Promise<CustomerView> {
  return apiJson("POST", `/api/customers/${encodeURIComponent(id)}/phone/verify`, { code });
}
