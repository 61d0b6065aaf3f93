/**
 * The header's parts that need the server's answer on who is signed in (role links, badge, user menu). Loaded,
 * with TanStack Query, only once a session is stored on this client (components/Header.tsx).
 */
import { QueryScope } from "../app/query-layer";
import { useCurrentUser } from "../auth/current-user";
import { isAdmin, isStaff, roleBadge } from "../auth/roles";
import { useDeferredFields } from "../lib/deferred";
import { NavItem } from "./NavItem";
import { SignedOutActions } from "./SignedOutActions";
import { UserMenu } from "./UserMenu";

// Each part renders from a deferred copy of the answer (lib/deferred.ts): the answer's own render (TanStack Query's,
// which React cannot time-slice) finds nothing changed, and the menu appears in a transition render.
function StaffLinksOf() {
  const { user } = useDeferredFields({ user: useCurrentUser().data });
  return (
    <>
      {isStaff(user) && (
        <>
          <NavItem to="/storefront">Storefront</NavItem>
          <NavItem to="/queue">Service Queue</NavItem>
        </>
      )}
      {isAdmin(user) && <NavItem to="/admin">Admin</NavItem>}
    </>
  );
}

function AccountActionsOf() {
  // A failed user call (not a 401) leaves `user` undefined: the header then reads as signed out.
  const answer = useCurrentUser();
  const { user, isPending } = useDeferredFields({ user: answer.data, isPending: answer.isPending });
  const badge = roleBadge(user);
  if (user)
    return (
      <>
        {badge && <span className={`role-badge role-badge-${badge.toLowerCase()}`}>{badge}</span>}
        <UserMenu user={user} />
      </>
    );
  return isPending ? null : <SignedOutActions />;
}

export function StaffLinks() {
  return (
    <QueryScope>
      <StaffLinksOf />
    </QueryScope>
  );
}

export function AccountActions() {
  return (
    <QueryScope>
      <AccountActionsOf />
    </QueryScope>
  );
}
