import { useState } from "react";
import { Link } from "react-router";
import { Dialog } from "../components/Dialog";
import { MoreMenu } from "../components/MoreMenu";
import { openOrderOf, paddleMakeModel, paddleName, useFreeFromBag, useReleasePaddle, type Paddle } from "../data/paddles";
import { PaddleFormDialog } from "./PaddleFormDialog";
import { PaddleStoryDialog } from "./PaddleStoryDialog";

function Tackiness({ value }: { value: number | null | undefined }) {
  if (value === null || value === undefined) return <span className="muted">Tackiness not set</span>;
  const rounded = Math.round(value);
  return (
    <span className="tackiness" aria-label={`Tackiness ${value} out of 5`}>
      <span aria-hidden="true">
        Tackiness{" "}
        {Array.from({ length: 5 }, (_, i) => (
          <span key={i} className={i < rounded ? "dot dot-on" : "dot"} />
        ))}{" "}
        {value}/5
      </span>
    </span>
  );
}

/** One paddle: its photo, names, bag, tackiness, Edit, 'Grip Me!' (or, while it is in the shop, its order) and the more-menu. */
export function PaddleCard({ paddle, onEdit }: { paddle: Paddle; onEdit: (paddle: Paddle) => void }) {
  const release = useReleasePaddle();
  const freeBag = useFreeFromBag();
  const [open, setOpen] = useState<"story" | "clone" | "release">();
  const close = () => setOpen(undefined);
  const name = paddleName(paddle);
  const active = !!(paddle.bag || paddle.bagId);
  const openOrderId = openOrderOf(paddle);
  return (
    <>
      <article className="paddle-card" aria-label={name}>
        <div className="paddle-photo">
          {paddle.photoUrl ? (
            <img src={paddle.photoUrl} alt={`${name}`} loading="lazy" />
          ) : (
            <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
              <rect x="12" y="4" width="24" height="28" rx="12" fill="currentColor" opacity="0.25" />
              <rect x="21" y="30" width="6" height="14" rx="3" fill="currentColor" opacity="0.45" />
            </svg>
          )}
        </div>
        <div className="paddle-card-body">
          <div className="paddle-card-top">
            <div>
              <h3>{name}</h3>
              <p className="muted">{paddleMakeModel(paddle)}</p>
            </div>
            <span className={active ? "badge badge-active" : "badge"}>{active ? "Active" : "No Bag"}</span>
          </div>
          {active && paddle.bag?.code3 && <p className="paddle-bag">Bag #{paddle.bag.code3}</p>}
          <p className="paddle-meta">
            <Tackiness value={paddle.prefs?.tackiness} />
          </p>
          <div className="paddle-actions">
            <button type="button" className="btn btn-outline btn-small" onClick={() => onEdit(paddle)}>
              Edit
            </button>
            {openOrderId ? (
              // In the shop on an open order (one open order per paddle): its order, not a booking that would refuse it.
              <Link to={`/orders/${encodeURIComponent(openOrderId)}`} className="btn btn-outline btn-small" aria-label={`In the shop: see the order of ${name}`}>
                In the shop
              </Link>
            ) : (
              <Link to={`/booking?paddle=${encodeURIComponent(paddle.id)}`} className="btn btn-accent btn-small">
                Grip Me!
              </Link>
            )}
            <MoreMenu
              label={`More actions for ${name}`}
              items={[
                { label: "Paddle Story", onSelect: () => setOpen("story") },
                { label: "Clone This Beauty", onSelect: () => setOpen("clone") },
                // Only for a paddle in a bag: offered to one with No Bag, it could only say "This paddle is not in a bag."
                ...(active ? [{ label: "Free from Bag", onSelect: () => freeBag.mutate(paddle) }] : []),
                { label: "I No Longer Own This", onSelect: () => setOpen("release"), danger: true },
              ]}
            />
          </div>
        </div>
      </article>
      {open === "story" && <PaddleStoryDialog paddle={paddle} onClose={close} />}
      {open === "clone" && <PaddleFormDialog template={paddle} onClose={close} />}
      {open === "release" && (
        <Dialog
          title="No Longer Own This Paddle?"
          description={`${name} will leave your paddles. Its orders stay in your history.`}
          onClose={close}
          size="small"
        >
          <div className="dialog-actions">
            <button type="button" className="btn btn-outline" onClick={close} data-autofocus>
              Keep Paddle
            </button>
            <button type="button" className="btn btn-danger" disabled={release.isPending} onClick={() => release.mutate(paddle.id, { onSuccess: close })}>
              {release.isPending ? "Removing..." : "I No Longer Own This"}
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}
