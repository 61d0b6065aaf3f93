import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Link } from "react-router";
import { useCurrentUser } from "../../auth/current-user";
import { displayName } from "../../auth/roles";
import { Avatar } from "../../components/Avatar";
import { Email } from "../../components/Email";
import { LoadingSpinner } from "../../components/LoadingSpinner";
import { useSubscription, type Subscription } from "../../data/account";
import { useOrders } from "../../data/orders";
import { usePageMeta } from "../../lib/page-meta";
import { preloadWhenIdle } from "../../lib/preload";
import { displayPhone } from "@regrip/core/shared/phone";
import type { CurrentUser } from "@regrip/core/shared/users";
import "../../styles/customer.css";
import "../../styles/profile.css";
import "../../styles/my-grips.css";
import { OrdersLoadError } from "../my-grips/OrdersLoadError";
import { OrdersTable } from "../my-grips/OrdersTable";
import { GripPrefsForm } from "./GripPrefsForm";

const loadPhoneDialog = () => import("../../components/PhoneVerificationDialog");
const PhoneVerificationDialog = lazy(() => loadPhoneDialog().then((m) => ({ default: m.PhoneVerificationDialog })));

const tabs = ["Profile", "Grip Prefs", "Orders", "Subscription", "Notifications"] as const;
type Tab = (typeof tabs)[number];

/** Display prices of the two plans (customer-side §9). */
export const plans = [
  { plan: "SINGLE_MONTHLY", name: "Single Plan", price: "$25 per month", text: "Regrips for one paddle, all month." },
  { plan: "FAMILY3_MONTHLY", name: "Family Plan", price: "$45 per month", text: "Regrips for up to three paddles in the family." },
] as const;

export function planName(plan: Subscription["plan"]): string {
  return plans.find((p) => p.plan === plan)?.name ?? "No plan";
}

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

function SubscriptionTab() {
  const subscription = useSubscription(true);
  let current;
  if (subscription.isPending) current = <LoadingSpinner text="Loading your subscription..." />;
  else if (subscription.isError) current = <p className="form-error">Unable to load your subscription. Please try again later.</p>;
  else
    current = (
      <dl className="facts">
        <div>
          <dt>Plan</dt>
          <dd>{planName(subscription.data.plan)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{subscription.data.status === "none" ? "No subscription" : subscription.data.status.replace(/_/g, " ")}</dd>
        </div>
      </dl>
    );
  return (
    <>
      <h2>Subscription</h2>
      {current}
      <ul className="plan-list">
        {plans.map((plan) => (
          <li key={plan.plan} className={subscription.data?.plan === plan.plan ? "plan plan-current" : "plan"}>
            <h3>{plan.name}</h3>
            <p className="plan-price">{plan.price}</p>
            <p className="muted">{plan.text}</p>
          </li>
        ))}
      </ul>
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
  usePageMeta("Shop Tools", "Your Regrip account tools: profile, grip preferences, orders, subscription and notifications.");
  const id = useId();
  const { data: user } = useCurrentUser();
  const [tab, setTab] = useState<Tab>("Profile");
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => preloadWhenIdle(loadPhoneDialog), []);

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
  const slug = (name: Tab) => name.toLowerCase().replace(/\s+/g, "-");

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
        {tab === "Notifications" && <NotificationsTab user={user} />}
      </section>
    </div>
  );
}
