import { Suspense } from "react";
import { Link } from "react-router";
import { useHasStoredSession } from "../auth/use-stored-session";
import { lazyChunk } from "../lib/load-chunk";
import { LogoMark } from "./Logo";
import { NavItem } from "./NavItem";
import { SignedOutActions } from "./SignedOutActions";

// Who is signed in (name, photo, roles) is the server's answer, read through TanStack Query: that part of the
// header, and TanStack Query with it, loads only once a session is stored on this client. Someone signed out
// (most visitors of the landing page) never loads it.
const StaffLinks = lazyChunk(() => import("./HeaderAccount").then((module) => ({ default: module.StaffLinks })));
const AccountActions = lazyChunk(() => import("./HeaderAccount").then((module) => ({ default: module.AccountActions })));

export function Header() {
  // undefined in the prerendered HTML and the hydrating render, as the actions were while the user call was pending.
  const signedIn = useHasStoredSession();

  return (
    <header className="site-header">
      <div className="header-inner">
        <Link to="/" className="logo" aria-label="Regrip home">
          <LogoMark />
          <span className="logo-text">Regrip</span>
        </Link>
        <nav className="main-nav" aria-label="Main">
          <NavItem to="/booking">Booking</NavItem>
          <NavItem to="/my-grips">My Grips</NavItem>
          {signedIn && (
            <Suspense fallback={null}>
              <StaffLinks />
            </Suspense>
          )}
        </nav>
        <div className="header-actions">
          {signedIn === undefined ? null : signedIn ? (
            <Suspense fallback={null}>
              <AccountActions />
            </Suspense>
          ) : (
            <SignedOutActions />
          )}
        </div>
      </div>
    </header>
  );
}
