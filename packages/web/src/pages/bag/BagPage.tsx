import type { BagStatusView } from "@regrip/core/shared/bag-status";
import { Suspense, useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { hasStoredStaffSession } from "../../auth/staff-session";
import { lazyChunk } from "../../lib/load-chunk";
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
    // The found page's chunk loads beside the look, not after it.
    void import("./BagFound").catch(() => undefined);
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

const BagFound = lazyChunk(() => import("./BagFound"));

/** The page's heading while the bag is looked up (and while its answer's chunk loads). */
function Looking() {
  return (
    <>
      <header className="bag-header">
        <p className="bag-eyebrow">Regrip bag</p>
        <h1>Bag Status</h1>
      </header>
      <p className="muted" role="status">
        Looking up this bag...
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
      {look.state === "loading" && <Looking />}
      {look.state === "found" && (
        <Suspense fallback={<Looking />}>
          <BagFound bag={look.bag} />
        </Suspense>
      )}
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
