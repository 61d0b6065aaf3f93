import { Link } from "react-router";
import { MoreMenu } from "../components/MoreMenu";
import { paddleMakeModel, paddleName, useReleasePaddle, type Paddle } from "../data/paddles";

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

/** One paddle: its photo, names, bag, tackiness, Edit, 'Grip Me!' and the more-menu. */
export function PaddleCard({ paddle, onEdit }: { paddle: Paddle; onEdit: (paddle: Paddle) => void }) {
  const release = useReleasePaddle();
  const name = paddleName(paddle);
  const active = !!(paddle.bag || paddle.bagId);
  return (
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
          <Link to={`/booking?paddle=${encodeURIComponent(paddle.id)}`} className="btn btn-accent btn-small">
            Grip Me!
          </Link>
          <MoreMenu
            label={`More actions for ${name}`}
            items={[
              { label: "Paddle Story", onSelect: () => console.log("Paddle Story", paddle.id) },
              { label: "Clone This Beauty", onSelect: () => console.log("Clone This Beauty", paddle.id) },
              { label: "Free from Bag", onSelect: () => console.log("Free from Bag", paddle.id) },
              { label: "I No Longer Own This", onSelect: () => release.mutate(paddle.id), danger: true },
            ]}
          />
        </div>
      </div>
    </article>
  );
}
