import { Suspense } from "react";
import { AccessGuard } from "../auth/AccessGuard";
import { Header } from "../components/Header";
import { LoadingSpinner } from "../components/LoadingSpinner";
import { ConsoleLayout } from "./routes";

/**
 * The site header over the staff console. The staff guard comes before the console's code: a customer who opens
 * a console address is turned away without loading Cloudscape.
 */
export function ConsoleShell() {
  return (
    <>
      <Header />
      <AccessGuard access="staff">
        <Suspense fallback={<LoadingSpinner />}>
          <ConsoleLayout />
        </Suspense>
      </AccessGuard>
    </>
  );
}
