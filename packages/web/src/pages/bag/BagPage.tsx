import type { BagStatusView } from "@regrip/core/shared/bag-status";
import { formatDate, formatInstant } from "@regrip/core/shared/calendar";
import { customerStageLabel } from "@regrip/core/shared/lifecycle";
import { ShopContactCard } from "../../components/ShopContact";
import { useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { hasStoredStaffSession } from "../../auth/staff-session";
import { usePageMeta } from "../../lib/page-meta";
import "../../styles/onsite.css";

type Look =
  | { state: "loading" }
  | { state: "found"; bag: BagStatusView }
  /** The server's 404: no order in this bag (its words, shared/bag-status.ts NO_ORDER_IN_BAG). */
  | { state: "empty"; message: string }
  | { state: "refused"; message: string }
  | { state: "failed" };

/**
 * GET /api/public/bags/{slug} with a plain fetch: the page is public and prerendered (a shell: the heading and the
 * loading line), with no query client (app/routes.ts `queries: false`). Staff signed in are sent to the scanner with
 * the slug, which opens the order in the bag (the staff order view), as labels did before they opened this page.
 */
function useBagLook(slug: string): [Look, () => void] {
  const navigate = useNavigate();
  const [look, setLook] = useState<Look>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (hasStoredStaffSession()) {
      navigate(`/scan?bag=${encodeURIComponent(slug)}`, { replace: true });
      return;
    }
    let current = true;
    fetch(`/api/public/bags/${encodeURIComponent(slug)}`, { headers: { Accept: "application/json" } })
      .then(async (response) => {
        const body = (await response.json().catch(() => ({}))) as Partial<BagStatusView> & { message?: string };
        if (!current) return;
        if (response.ok) setLook({ state: "found", bag: body as BagStatusView });
        else if ((response.status === 404 || response.status === 400) && body.message) setLook({ state: "empty", message: body.message });
        else if (response.status === 429 && body.message) setLook({ state: "refused", message: body.message });
        else setLook({ state: "failed" });
      })
      .catch(() => current && setLook({ state: "failed" }));
    return () => {
      current = false;
    };
  }, [slug, attempt, navigate]);
  return [look, () => (setLook({ state: "loading" }), setAttempt((n) => n + 1))];
}

function Found({ bag }: { bag: BagStatusView }) {
  const ready = bag.stage === "ready";
  return (
    <>
      <header className="bag-header">
        <p className="bag-eyebrow">Regrip bag</p>
        <h1>Bag {bag.code3}</h1>
      </header>
      <section className="bag-card" aria-labelledby="bag-stage-title">
        <h2 id="bag-stage-title" className="visually-hidden">
          Status
        </h2>
        <p className={`bag-stage bag-stage-${bag.stage}`}>{bag.stageLabel}</p>
        <p className="bag-updated">Last changed {formatInstant(new Date(bag.updatedAt))}</p>
        <dl className="bag-facts">
          <div>
            <dt>Pickup</dt>
            {/* A paddle that is ready is ready now, whatever day was promised. */}
            <dd>{ready ? "Ready now" : bag.pickupDate ? formatDate(bag.pickupDate) : "To be confirmed"}</dd>
          </div>
          <div>
            <dt>Location</dt>
            <dd>{bag.location ?? "To be confirmed"}</dd>
          </div>
        </dl>
        <h3 className="bag-timeline-title">Its stages</h3>
        <ol className="bag-timeline">
          {bag.timeline.map((step) => (
            <li key={`${step.stage}-${step.at}`} className={step.stage === bag.stage ? "bag-timeline-now" : undefined}>
              <span className="bag-timeline-stage">{customerStageLabel[step.stage]}</span>
              <span className="bag-timeline-at">{formatInstant(new Date(step.at))}</span>
            </li>
          ))}
        </ol>
      </section>
      <section className="bag-shop" aria-labelledby="bag-shop-title">
        <h2 id="bag-shop-title">Questions? Call or visit</h2>
        <ShopContactCard label={bag.shop.label} contact={bag.shop} />
      </section>
      <p className="bag-note">
        Is this your paddle? <Link to="/my-grips">Sign in to My Grips</Link> for your order, or show this bag at the counter.
      </p>
    </>
  );
}

/**
 * Public: what a bag's QR label opens (`/b/{slug}`): the bag's code, its order's stage with the stages before it and
 * their times, when it last changed, its place and pickup day ("Ready now" once ready), and the shop's contact.
 */
export default function BagPage() {
  usePageMeta("Bag Status", "Where the paddle in this Regrip bag is: its stage, pickup day and location, and how to reach the shop.");
  const { slug = "" } = useParams();
  const [look, retry] = useBagLook(slug);
  return (
    <div className="bag-page">
      {look.state === "loading" && (
        <>
          <header className="bag-header">
            <p className="bag-eyebrow">Regrip bag</p>
            <h1>Bag Status</h1>
          </header>
          <p className="muted" role="status">
            Looking up this bag...
          </p>
        </>
      )}
      {look.state === "found" && <Found bag={look.bag} />}
      {look.state === "empty" && (
        <>
          <header className="bag-header">
            <p className="bag-eyebrow">Regrip bag</p>
            <h1>{look.message}</h1>
          </header>
          <p>This bag is not holding a paddle for an order right now.</p>
          <p>
            <Link to="/booking" className="btn btn-primary">
              Book a Regrip
            </Link>
          </p>
        </>
      )}
      {(look.state === "refused" || look.state === "failed") && (
        <>
          <header className="bag-header">
            <p className="bag-eyebrow">Regrip bag</p>
            <h1>Bag Status</h1>
          </header>
          <div className="form-error" role="alert">
            <p>{look.state === "refused" ? look.message : "This bag could not be looked up. Please try again."}</p>
            <button type="button" className="btn btn-outline btn-small" onClick={retry}>
              Retry
            </button>
          </div>
        </>
      )}
    </div>
  );
}
