import { Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { useCurrentUser } from "../../auth/current-user";
import { displayName } from "../../auth/roles";
import { Avatar } from "../../components/Avatar";
import { Email } from "../../components/Email";
import { LoadingSpinner } from "../../components/LoadingSpinner";
import { useOrders } from "../../data/orders";
import { lazyChunk } from "../../lib/load-chunk";
import { usePageMeta } from "../../lib/page-meta";
import { preloadOnFirstInput } from "../../lib/preload";
import { displayPhone } from "@regrip/core/shared/phone";
import type { CurrentUser } from "@regrip/core/shared/users";
import "../../styles/customer.css";
import "../../styles/profile.css";
import "../../styles/my-grips.css";
import { OrdersLoadError } from "../my-grips/OrdersLoadError";
import { OrdersTable } from "../my-grips/OrdersTable";
import { GripPrefsForm } from "./GripPrefsForm";
import { PacksTab } from "./PacksTab";
import { PointsTab } from "./PointsTab";
import { SubscriptionTab } from "./SubscriptionTab";
import "../../styles/membership.css";

const loadPhoneDialog = () => import("../../components/PhoneVerificationDialog");
const PhoneVerificationDialog = lazyChunk(() => loadPhoneDialog().then((m) => ({ default: m.PhoneVerificationDialog })));

const tabs = ["Profile", "Grip Prefs", "Orders", "Subscription", "Packs", "Points", "Notifications"] as const;
type Tab = (typeof tabs)[number];
const slug = (name: Tab) => name.toLowerCase().replace(/\s+/g, "-");
/** `?tab=subscription` opens that tab (the way back from the subscription's checkout); else Profile. */
const tabOf = (param: string | null): Tab => tabs.find((name) => slug(name) === param) ?? "Profile";

function ProfileTab({ user }: { user: CurrentUser }) {
  const [editingPhone, setEditingPhone] = useState(false);
  return (
    <>
      <div className="profile-row">
        <span className="profile-avatar">
          <Avatar user={user} />
        </span>
        <div>
          <h2>{displayName(user)}</h2>
          <p className="muted">Your photo comes from your sign-in account.</p>
        </div>
      </div>
      <dl className="facts">
        <div>
          <dt>First name</dt>
          <dd>{user.firstName || "—"}</dd>
        </div>
        <div>
          <dt>Last name</dt>
          <dd>{user.lastName || "—"}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{user.email ? <Email address={user.email} /> : "—"}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd className="phone-line">
            {displayPhone(user.phone) || "Not set"}
            <span className={user.phoneVerified ? "badge badge-success" : "badge badge-warning"}>{user.phoneVerified ? "Verified" : "Unverified"}</span>
            <button type="button" className="link-button" onClick={() => setEditingPhone(true)}>
              Edit phone
            </button>
          </dd>
        </div>
      </dl>
      <Link to="/profile" className="btn btn-outline section-gap">
        Edit Profile
      </Link>
      {editingPhone && (
        <Suspense fallback={null}>
          <PhoneVerificationDialog rule="settings" initialPhone={user.phone} onClose={() => setEditingPhone(false)} onVerified={() => setEditingPhone(false)} />
        </Suspense>
      )}
    </>
  );
}

function OrdersTab() {
  const orders = useOrders();
  if (orders.isPending) return <LoadingSpinner text="Loading your orders..." />;
  if (orders.isError)
    return <OrdersLoadError heading="h2" onRetry={() => void orders.refetch()} />;
  if (orders.data.length === 0)
    return (
      <div className="empty-state">
        <h2>No orders yet</h2>
        <p>When you book a regrip, it will show up here.</p>
        <Link to="/booking" className="btn btn-primary">
          Book Your First Service
        </Link>
      </div>
    );
  return (
    <>
      <h2>Orders</h2>
      <OrdersTable orders={orders.data} />
    </>
  );
}

const notificationSettings = [
  { key: "smsNotifications", label: "Order texts (SMS)" },
  { key: "smsPromotions", label: "Promotions by text (SMS)" },
  { key: "emailNotifications", label: "Order emails" },
  { key: "emailPromotions", label: "Promotions by email" },
] as const;

function NotificationsTab({ user }: { user: CurrentUser }) {
  return (
    <>
      <h2>Notifications</h2>
      {notificationSettings.map(({ key, label }) => (
        <div className="setting-line" key={key}>
          <span>{label}</span>
          <span className={user[key] ? "badge badge-success" : "badge"}>{user[key] ? "Enabled" : "Disabled"}</span>
        </div>
      ))}
      <Link to="/profile" className="btn btn-outline section-gap">
        Change in My Profile
      </Link>
    </>
  );
}

export default function ShopToolsPage() {
  usePageMeta("Shop Tools", "Your Regrip account tools: profile, grip preferences, orders, subscription, points and notifications.");
  const id = useId();
  const { data: user } = useCurrentUser();
  const [params] = useSearchParams();
  const [tab, setTab] = useState<Tab>(() => tabOf(params.get("tab")));
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => preloadOnFirstInput(loadPhoneDialog), []);

  function onKeyDown(event: KeyboardEvent) {
    const at = tabs.indexOf(tab);
    const next = event.key === "ArrowRight" ? at + 1 : event.key === "ArrowLeft" ? at - 1 : event.key === "Home" ? 0 : event.key === "End" ? tabs.length - 1 : null;
    if (next === null) return;
    event.preventDefault();
    const chosen = tabs[(next + tabs.length) % tabs.length];
    setTab(chosen);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[tabs.indexOf(chosen)]?.focus();
  }

  if (!user) return <LoadingSpinner />;

  return (
    <div className="page shop-tools-page">
      <header className="page-header">
        <h1>Shop Tools</h1>
        <p>Your account, preferences and plan in one place.</p>
      </header>
      <div className="tabs" role="tablist" aria-label="Shop tools" ref={list} onKeyDown={onKeyDown}>
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`${id}-tab-${slug(name)}`}
            className="tab"
            aria-selected={tab === name}
            aria-controls={`${id}-panel-${slug(name)}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
          >
            {name}
          </button>
        ))}
      </div>
      <section className="card shop-panel" role="tabpanel" id={`${id}-panel-${slug(tab)}`} aria-labelledby={`${id}-tab-${slug(tab)}`} tabIndex={0}>
        {tab === "Profile" && <ProfileTab user={user} />}
        {tab === "Grip Prefs" && <GripPrefsForm user={user} />}
        {tab === "Orders" && <OrdersTab />}
        {tab === "Subscription" && <SubscriptionTab />}
        {tab === "Packs" && <PacksTab />}
        {tab === "Points" && <PointsTab />}
        {tab === "Notifications" && <NotificationsTab user={user} />}
      </section>
    </div>
  );
}
