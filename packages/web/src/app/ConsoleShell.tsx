import { Suspense } from "react";
import { Header } from "../components/Header";
import { LoadingSpinner } from "../components/LoadingSpinner";
import { Guarded } from "./lazy-scopes";
import { ConsoleLayout } from "./routes";

/**
 * The site header over the staff console. The staff guard comes before the console's code: a customer who opens
 * a console address is turned away without loading Cloudscape. The guard (and the query client the console's
 * pages read through) loads on demand, so none of it rides on a customer page's first load.
 */
export function ConsoleShell() {
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
