import { Suspense } from "react";
import { Header } from "../components/Header";
import { LoadingSpinner } from "../components/LoadingSpinner";
import { lazyChunk } from "../lib/load-chunk";
import { Guarded } from "./lazy-scopes";
import type { ConsoleRoute } from "./routes";

/**
 * The staff console's frame and pages, a chunk of its own (AppRoutes.tsx loads it when a console address opens):
 * the console's imports, and the names of the Cloudscape chunks they preload, are on no customer page's first load.
 */
const ConsoleLayout = lazyChunk(() => import("../pages/console/ConsoleLayout"));
const ConsolePage = lazyChunk(() => import("../pages/console/ConsolePage"));
const ConsoleNotFoundPage = lazyChunk(() => import("../pages/console/ConsoleNotFound"));

/**
 * The site header over the staff console. The staff guard comes before the console's code: a customer who opens
 * a console address is turned away without loading Cloudscape. The guard (and the query client the console's
 * pages read through) loads on demand, so none of it rides on a customer page's first load.
 */
export default function ConsoleShell() {
  return (
    <>
      <Header />
      <Suspense fallback={<LoadingSpinner />}>
        <Guarded access="staff">
          <Suspense fallback={<LoadingSpinner />}>
            <ConsoleLayout />
          </Suspense>
        </Guarded>
      </Suspense>
    </>
  );
}

/**
 * A console route's page. The console checks staff once for all its pages (above); an admin page checks admin
 * itself and tells other staff why they may not use it (ConsolePage.tsx).
 */
export function ConsoleRoutePage({ route }: { route: ConsoleRoute }) {
  return <ConsolePage name={route.page} adminOnly={route.access === "admin"} />;
}

/** Admin addresses that name no page yet: the console's own 404, for staff. */
export function ConsoleNotFound() {
  return <ConsoleNotFoundPage />;
}
