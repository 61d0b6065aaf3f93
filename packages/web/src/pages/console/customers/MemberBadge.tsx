import Badge from "@cloudscape-design/components/badge";
import { COVERING_STATUSES, PLAN_TERMS, type MembershipBadge } from "@regrip/core/shared/membership";
import type { CustomerView } from "@regrip/core/shared/customers";

/** A customer as the staff views answer them: their live membership, if any, and their points. */
export type MemberCustomer = CustomerView & { membership?: MembershipBadge | null; points?: number };

/** "Single plan · 1 regrip left", "Family plan · past due: regrips on hold". */
function memberBadgeText(membership: MembershipBadge): string {
  const plan = PLAN_TERMS[membership.plan]?.name ?? "Member";
  if (!COVERING_STATUSES.has(membership.status)) return `${plan} · ${membership.status.replace(/_/g, " ")}: regrips on hold`;
  return `${plan} · ${membership.regripsLeft} ${membership.regripsLeft === 1 ? "regrip" : "regrips"} left`;
}

/** Whether the member's allowance can cover a regrip now (a covering status and a regrip left this period). */
export const hasRegripLeft = (membership: MembershipBadge | null | undefined): boolean =>
  !!membership && COVERING_STATUSES.has(membership.status) && membership.regripsLeft > 0;

/** The member badge staff see on a customer (queue, storefront, quick sale); nothing for a customer without a plan. */
export function MemberBadge({ membership }: { membership: MembershipBadge | null | undefined }) {
  if (!membership) return null;
  return <Badge color={hasRegripLeft(membership) ? "green" : "grey"}>{`Member: ${memberBadgeText(membership)}`}</Badge>;
}
