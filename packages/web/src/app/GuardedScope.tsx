import type { ReactNode } from "react";
import { AccessGuard } from "../auth/AccessGuard";
import type { RoleAccess } from "@regrip/core/shared/access";
import { QueryScope } from "./query-layer";

/** The access guard inside the query client's scope (it asks the server who is signed in), around what it guards. */
export default function GuardedScope({ children, ...guard }: { access: RoleAccess; loginRedirectDelayMs?: number; children: ReactNode }) {
  return (
    <QueryScope>
      <AccessGuard {...guard}>{children}</AccessGuard>
    </QueryScope>
  );
}
