import Link from "@cloudscape-design/components/link";
import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { customerPagePath } from "./customers-api";

/** A console link followed inside the app (a new tab still works from its href). */
export function AppLink({ href, children, ariaLabel }: { href: string; children: ReactNode; ariaLabel?: string }) {
  const navigate = useNavigate();
  return (
    <Link
      href={href}
      ariaLabel={ariaLabel}
      onFollow={(event) => {
        event.preventDefault();
        navigate(href);
      }}
    >
      {children}
    </Link>
  );
}

/**
 * A customer's name as a link to their page (/customers/{id}): the queue's, Admin Orders' and an order's customer,
 * a search result, the inbox conversation's customer.
 */
export function CustomerLink({ id, children, ariaLabel }: { id: string; children: ReactNode; ariaLabel?: string }) {
  return (
    <AppLink href={customerPagePath(id)} ariaLabel={ariaLabel}>
      {children}
    </AppLink>
  );
}
