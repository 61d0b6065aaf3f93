import { useQuery } from "@tanstack/react-query";
import { apiJson } from "../lib/api";

/** GET /api/services (docs/api.md). Money in cents; stockQuantity null means unlimited. */
export interface CatalogueItem {
  id: string;
  name: string;
  code: string;
  category: "BASE_GRIP" | "OVERGRIP" | "EDGE" | "WEIGHT" | "OTHER";
  type: "ONE_TIME" | "SUBSCRIPTION" | "ADD_ON";
  price: number;
  stockQuantity: number | null;
  isInStock: boolean;
  isLowStock?: boolean;
  description: string | null;
  color: string | null;
  brand: string | null;
  feel: string | null;
  area: string | null;
  quality: string | null;
}

export interface CoreService {
  name: string;
  description: string;
  basePrice: number;
  colors: string[];
  feels: string[];
  totalStock: number | null;
  isInStock: boolean;
  skus: CatalogueItem[];
}

export type AddOnGroup = "GRIP" | "WEIGHT" | "EDGE" | "OTHER";

export interface Catalogue {
  coreServices: CoreService[];
  addOnServices: Record<AddOnGroup, CatalogueItem[]>;
}

export const servicesQueryKey = ["/api/services"] as const;

export function useServices() {
  return useQuery({ queryKey: servicesQueryKey, queryFn: () => apiJson<Catalogue>("GET", "/api/services") });
}
