import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { displayName } from "../auth/roles";
import { goToServerLogout } from "../lib/navigation";
import type { CurrentUser } from "@regrip/core/shared/users";
import { Avatar } from "./Avatar";
import { NewTabLink } from "./NewTabLink";
import { Email } from "./Email";

/** The avatar button and its drop-down (a disclosure: links and a button, reachable with Tab). */
export function UserMenu({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  useEffect(() => {
    setOpen(false);
  }, [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const name = displayName(user);
  return (
    <div className="user-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="user-menu-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <Avatar user={user} />
        <span className="visually-hidden">Account menu for {name}</span>
      </button>
      <div id={panelId} className="user-menu-panel" hidden={!open}>
        <p className="user-menu-name">{name}</p>
        {user.email && name !== user.email && <p className="user-menu-email">
            <Email address={user.email} />
          </p>}
        <ul>
          <li>
            <Link to="/profile">My Profile</Link>
          </li>
          <li>
            <Link to="/shop-tools">Shop Tools</Link>
          </li>
          <li>
            <NewTabLink href="/terms">Terms of Service</NewTabLink>
          </li>
          <li>
            <NewTabLink href="/privacy">Privacy Policy</NewTabLink>
          </li>
          <li>
            <button type="button" onClick={goToServerLogout}>
              Log out
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
