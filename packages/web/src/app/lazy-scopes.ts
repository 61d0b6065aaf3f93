import { lazyChunk } from "../lib/load-chunk";

/**
 * TanStack Query's client and provider (app/query-layer.tsx), and the access guard that needs them: loaded with the
 * first page that reads data or is guarded, never with the landing page (its first load is budgeted at 90 KB gzip).
 */
export const loadQueryLayer = () => import("./query-layer");

/** `<Guarded access="customer">{page}</Guarded>`: the guard, in the query client's scope, loaded on first use. */
export const Guarded = lazyChunk(() => import("./GuardedScope"));
