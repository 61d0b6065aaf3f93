/**
 * The admin product calls (docs/api-staff.md "Products"), with their query key. The server checks every rule
 * again; these only ask.
 */
import type { ProductView } from "@regrip/core/shared/products";
import { apiJson } from "../../../lib/api";

export const productKeys = { all: ["/api/admin/skus"] as const };

const at = (id: string, tail = "") => `/api/admin/skus/${encodeURIComponent(id)}${tail}`;

export const listProducts = () => apiJson<ProductView[]>("GET", "/api/admin/skus");
export const createProduct = (body: Record<string, unknown>) => apiJson<ProductView>("POST", "/api/admin/skus", body);
export const updateProduct = (id: string, body: Record<string, unknown>) => apiJson<ProductView>("PATCH", at(id), body);
export const deleteProduct = (id: string) => apiJson<{ id: string; deleted: true }>("DELETE", at(id));
/** A stock edit sends the difference from the current stock, so an edit made meanwhile still counts. */
export const adjustInventory = (id: string, quantityChange: number) => apiJson<ProductView>("PATCH", at(id, "/inventory"), { quantityChange });
export const setVisibility = (id: string, isVisible: boolean) => apiJson<ProductView>("PATCH", at(id, "/visibility"), { isVisible });
