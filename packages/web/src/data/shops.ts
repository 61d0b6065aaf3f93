/**
 * The shops' contact (address, phone, email, hours, map link) from `GET /api/locations`, with a plain fetch: the
 * landing page, the footer and the bag page are public and prerendered without a query client, so one request a page
 * load serves them all. The prerendered HTML holds the sections without the contact; it fills in once it arrives.
 */
import type { ShopView } from "@regrip/core/shared/schedule";
import { useEffect, useState } from "react";

export type ShopsLook = { state: "loading" } | { state: "failed" } | { state: "ready"; shops: ShopView[] };

let loading: Promise<ShopView[]> | undefined;

function loadShops(): Promise<ShopView[]> {
  loading ??= fetch("/api/locations", { headers: { Accept: "application/json" } })
    .then(async (response) => {
      if (!response.ok) throw new Error(String(response.status));
      return ((await response.json()) as { shops: ShopView[] }).shops;
    })
    .catch((error: unknown) => {
      // A failed look is tried again by the next page that asks.
      loading = undefined;
      throw error;
    });
  return loading;
}

/** Both shops as GET /api/locations answers them: loading (also in the prerendered HTML), failed or ready. */
export function useShops(): ShopsLook {
  const [look, setLook] = useState<ShopsLook>({ state: "loading" });
  useEffect(() => {
    let current = true;
    loadShops().then(
      (shops) => current && setLook({ state: "ready", shops }),
      () => current && setLook({ state: "failed" }),
    );
    return () => {
      current = false;
    };
  }, []);
  return look;
}
