/**
 * The header's parts that need the server's answer on who is signed in (role links, badge, user menu). Loaded,
 * with TanStack Query, only once a session is stored on this client (components/Header.tsx).
 */
import { NavLink } from "react-router";
import { QueryScope } from "../app/query-layer";
import { useCurrentUser } from "../auth/current-user";
import { isAdmin, isStaff, roleBadge } from "../auth/roles";
import { SignedOutActions } from "./SignedOutActions";
import { UserMenu } from "./UserMenu";

function navClass({ isActive }: { isActive: boolean }): string {
  return isActive ? "nav-link active" : "nav-link";
}

function StaffLinksOf() {
  const { data: user } = useCurrentUser();
  return (
    <>
      {isStaff(user) && (
        <>
          <NavLink to="/storefront" className={navClass}>
            Storefront
          </NavLink>
          <NavLink to="/queue" className={navClass}>
            Service Queue
          </NavLink>
        </>
      )}
      {isAdmin(user) && (
        <NavLink to="/admin" className={navClass}>
          Admin
        </NavLink>
      )}
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
