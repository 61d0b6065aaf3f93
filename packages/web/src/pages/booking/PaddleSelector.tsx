import { useState } from "react";
import { Link } from "react-router";
import { LoadingSpinner } from "../../components/LoadingSpinner";
import { openOrderOf, paddleMakeModel, paddleName, type Paddle } from "../../data/paddles";
import { QuickAddPaddleForm } from "../../paddles/QuickAddPaddleForm";

interface Props {
  signedIn: boolean | undefined;
  paddles: Paddle[] | undefined;
  loading: boolean;
  failed: boolean;
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  onLogIn: () => void;
  /** The booking's refusal that belongs to the paddle (it is already in the shop). */
  error?: string;
}

/** Which paddle gets the service: the customer's paddles, and a quick add. */
export function PaddleSelector({ signedIn, paddles, loading, failed, selectedId, onSelect, onLogIn, error }: Props) {
  const [adding, setAdding] = useState(false);

  let content;
  if (signedIn === false) {
    content = (
      <div className="empty-inline">
        <p>Log in to choose one of your paddles or add a new one.</p>
        <button type="button" className="btn btn-primary btn-small" onClick={onLogIn}>
          Log In
        </button>
      </div>
    );
  } else if (loading || signedIn === undefined) {
    content = <LoadingSpinner text="Loading your paddles..." />;
  } else if (failed) {
    content = <p className="form-error">Unable to load your paddles. Please refresh the page.</p>;
  } else {
    const list = paddles ?? [];
    content = (
      <>
        {list.length > 0 ? (
          <div className="choice-grid" role="radiogroup" aria-label="Your paddles">
            {list.map((paddle) => {
              const openOrderId = openOrderOf(paddle);
              if (openOrderId) {
                // Already in the shop on an open order: one open order per paddle, so it cannot be booked again yet.
                const detailId = `paddle-${paddle.id}-in-shop`;
                return (
                  <div key={paddle.id} className="choice choice-disabled">
                    <input type="radio" name="paddle" value={paddle.id} id={`paddle-${paddle.id}`} disabled aria-describedby={detailId} />
                    <span className="choice-text">
                      <label htmlFor={`paddle-${paddle.id}`} className="choice-title">
                        {paddleName(paddle)}
                      </label>
                      <span id={detailId} className="choice-detail">
                        In the shop now. You can book it again after you pick it up.{" "}
                        <Link to={`/orders/${encodeURIComponent(openOrderId)}`}>See its order</Link>
                      </span>
                    </span>
                    <span className="badge badge-warning">In the shop</span>
                  </div>
                );
              }
              const active = !!(paddle.bag || paddle.bagId);
              return (
                <label key={paddle.id} className={paddle.id === selectedId ? "choice choice-selected" : "choice"}>
                  <input type="radio" name="paddle" value={paddle.id} checked={paddle.id === selectedId} onChange={() => onSelect(paddle.id)} />
                  <span className="choice-text">
                    <span className="choice-title">{paddleName(paddle)}</span>
                    <span className="choice-detail">{paddleMakeModel(paddle)}</span>
                  </span>
                  <span className={active ? "badge badge-active" : "badge"}>{active ? "Active" : "No Bag"}</span>
                </label>
              );
            })}
          </div>
        ) : (
          !adding && <p className="muted">You haven't added a paddle yet. Add one to book its service.</p>
        )}
        {adding || list.length === 0 ? (
          <QuickAddPaddleForm
            onAdded={(paddle) => {
              setAdding(false);
              onSelect(paddle.id);
            }}
            onCancel={list.length > 0 ? () => setAdding(false) : undefined}
          />
        ) : (
          <button type="button" className="btn btn-outline btn-small" onClick={() => setAdding(true)}>
            + Add a paddle
          </button>
        )}
      </>
    );
  }

  return (
    <section className="booking-section" aria-labelledby="paddle-title">
      <h2 id="paddle-title">
        <span className="step-number" aria-hidden="true">
          1
        </span>
        Choose your paddle
      </h2>
      {content}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
