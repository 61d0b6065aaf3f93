import type { ReactNode } from "react";
import { NavLink } from "react-router";

/** A link of the header's main navigation, marked active on its page. */
export function NavItem({ to, children }: { to: string; children: ReactNode }) {
  return (
    <NavLink to={to} className={({ isActive }) => (isActive ? "nav-link active" : "nav-link")}>
      {children}
    </NavLink>
  );
}
