/**
 * The header's parts that need the server's answer on who is signed in (role links, badge, user menu). Loaded,
 * with TanStack Query, only once a session is stored on this client (components/Header.tsx).
 */
import { QueryScope } from "../app/query-layer";
import { useCurrentUser } from "../auth/current-user";
import { isAdmin, isStaff, roleBadge } from "../auth/roles";
import { NavItem } from "./NavItem";
import { SignedOutActions } from "./SignedOutActions";
import { UserMenu } from "./UserMenu";

function StaffLinksOf() {
  const { data: user } = useCurrentUser();
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
  const { data: user, isPending } = useCurrentUser();
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
