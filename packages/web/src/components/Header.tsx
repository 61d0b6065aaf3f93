import { Link, NavLink, useNavigate } from "react-router";
import { useCurrentUser } from "../auth/current-user";
import { isAdmin, isStaff, roleBadge } from "../auth/roles";
import { goToServerLogin } from "../lib/navigation";
import { LogoMark } from "./Logo";
import { UserMenu } from "./UserMenu";

function navClass({ isActive }: { isActive: boolean }): string {
  return isActive ? "nav-link active" : "nav-link";
}

export function Header() {
  // A failed user call (not a 401) leaves `user` undefined: the header then reads as signed out.
  const { data: user, isPending } = useCurrentUser();
  const navigate = useNavigate();
  const badge = roleBadge(user);

  return (
    <header className="site-header">
      <div className="header-inner">
        <Link to="/" className="logo" aria-label="Regrip home">
          <LogoMark />
          <span className="logo-text">Regrip</span>
        </Link>
        <nav className="main-nav" aria-label="Main">
          <NavLink to="/booking" className={navClass}>
            Booking
          </NavLink>
          <NavLink to="/my-grips" className={navClass}>
            My Grips
          </NavLink>
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
        </nav>
        <div className="header-actions">
          {user ? (
            <>
              {badge && <span className={`role-badge role-badge-${badge.toLowerCase()}`}>{badge}</span>}
              <UserMenu user={user} />
            </>
          ) : isPending ? null : (
            <>
              <button type="button" className="btn btn-ghost btn-small" onClick={() => navigate("/login")}>
                admin
              </button>
              <button type="button" className="btn btn-accent btn-small" onClick={goToServerLogin}>
                Sign Up
              </button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
