import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useCurrentUser } from "../../auth/current-user";
import { LoadingSpinner } from "../../components/LoadingSpinner";
import { ordersQueryKey, useOrders } from "../../data/orders";
import { usePaddles, type Paddle } from "../../data/paddles";
import { usePageMeta } from "../../lib/page-meta";
import { PaddleCard } from "../../paddles/PaddleCard";
import { PaddleFormDialog } from "../../paddles/PaddleFormDialog";
import "../../styles/customer.css";
import "../../styles/my-grips.css";
import { OrdersLoadError } from "./OrdersLoadError";
import { OrdersTable } from "./OrdersTable";
import { dismissThankYou, isThankYouShown, markThankYou } from "./thank-you";

function useThankYouBanner(): [boolean, () => void] {
  const [params, setParams] = useSearchParams();
  const paid = params.get("paid") === "1";
  const [shown, setShown] = useState(() => paid || isThankYouShown(localStorage));
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!paid) return;
    markThankYou(localStorage);
    setShown(true);
    // Back from paying: the order's payment has changed since the list was read.
    void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("paid");
        return next;
      },
      { replace: true },
    );
  }, [paid, setParams, queryClient]);

  return [
    shown,
    () => {
      dismissThankYou(localStorage);
      setShown(false);
    },
  ];
}

function OrdersSection() {
  const orders = useOrders();
  let content;
  if (orders.isPending) content = <LoadingSpinner text="Loading your orders..." />;
  else if (orders.isError)
    content = <OrdersLoadError heading="h3" onRetry={() => void orders.refetch()} />;
  else if (orders.data.length === 0)
    content = (
      <div className="empty-state">
        <h3>No orders yet</h3>
        <p>Your regrips will show up here, with their status from drop-off to pickup.</p>
        <Link to="/booking" className="btn btn-primary">
          Book Your First Service
        </Link>
      </div>
    );
  else content = <OrdersTable orders={orders.data} />;

  return (
    <section className="card" aria-labelledby="orders-title">
      <h2 id="orders-title">My Orders</h2>
      {content}
    </section>
  );
}

function PaddlesSection() {
  const { data: user } = useCurrentUser();
  const paddles = usePaddles(!!user);
  const [dialog, setDialog] = useState<{ paddle?: Paddle } | null>(null);

  let content;
  if (paddles.isPending) content = <LoadingSpinner text="Loading your paddles..." />;
  else if (paddles.isError) content = <p className="form-error">Unable to load your paddles. Please refresh the page.</p>;
  else if (paddles.data.length === 0)
    content = (
      <div className="empty-state">
        <h3>No paddles yet</h3>
        <p>Add your paddles once and book their regrips in a tap.</p>
        <button type="button" className="btn btn-primary" onClick={() => setDialog({})}>
          Add Your First Paddle
        </button>
      </div>
    );
  else
    content = (
      <ul className="paddle-grid">
        {paddles.data.map((paddle) => (
          <li key={paddle.id}>
            <PaddleCard paddle={paddle} onEdit={(chosen) => setDialog({ paddle: chosen })} />
          </li>
        ))}
      </ul>
    );

  return (
    <section className="card" aria-labelledby="paddles-title">
      <div className="section-head">
        <h2 id="paddles-title">My Paddles</h2>
        {!!paddles.data?.length && (
          <button type="button" className="btn btn-primary btn-small" onClick={() => setDialog({})}>
            + Add Paddle
          </button>
        )}
      </div>
      {content}
      {dialog && <PaddleFormDialog paddle={dialog.paddle} onClose={() => setDialog(null)} />}
    </section>
  );
}

export default function MyGripsPage() {
  usePageMeta("My Grips", "Your regrip orders from drop-off to pickup, and the paddles you keep with Regrip.");
  const [thanks, dismissThanks] = useThankYouBanner();

  return (
    <div className="page my-grips-page">
      {thanks && (
        <div className="thank-you" role="status">
          <div>
            <p className="thank-you-title">Thank you for your payment!</p>
            <p>Your order is paid and on our schedule. We'll text you when your paddle is ready for pickup.</p>
          </div>
          <button type="button" className="dialog-close" aria-label="Dismiss thank-you message" onClick={dismissThanks}>
            ×
          </button>
        </div>
      )}
      <header className="page-header page-header-row">
        <div>
          <h1>My Grips</h1>
          <p>Follow your orders and keep your paddles ready to book.</p>
        </div>
        <Link to="/booking" className="btn btn-accent">
          Book a Service
        </Link>
      </header>
      <OrdersSection />
      <PaddlesSection />
      <section className="card favorites" aria-labelledby="favorites-title">
        <div className="section-head">
          <h2 id="favorites-title">Favorites</h2>
          <span className="badge badge-accent">Coming Soon</span>
        </div>
        <p className="muted">Save your go-to grip, color and tack combinations to book them again in one tap.</p>
      </section>
    </div>
  );
}
