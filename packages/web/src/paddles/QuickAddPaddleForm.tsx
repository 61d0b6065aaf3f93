import { PADDLE_TEXT_LIMITS, UNSPECIFIED_BRAND } from "@regrip/core/shared/paddles";
import { useId, useState, type FormEvent } from "react";
import { useCreatePaddle, type Paddle } from "../data/paddles";
import { loadChunk } from "../lib/load-chunk";

/** The quick add: a nickname (required) and a model; the brand is 'Unspecified' and not asked. */
export function QuickAddPaddleForm({ onAdded, onCancel }: { onAdded: (paddle: Paddle) => void; onCancel?: () => void }) {
  const id = useId();
  const [nickname, setNickname] = useState("");
  const [model, setModel] = useState("");
  const [error, setError] = useState<string>();
  const create = useCreatePaddle();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const brand = UNSPECIFIED_BRAND;
    // The server's schema checks the nickname, loaded on the first Add: the booking page's first load carries no zod.
    const { paddleErrors } = await loadChunk(() => import("../lib/validation"));
    const errors = paddleErrors({ brand, nickname });
    setError(errors.nickname);
    if (errors.nickname) return;
    create.mutate(
      { brand, nickname: nickname.trim(), ...(model.trim() ? { model: model.trim() } : {}) },
      {
        onSuccess: (paddle) => {
          setNickname("");
          setModel("");
          onAdded(paddle);
        },
      },
    );
  }

  return (
    <form className="quick-add" onSubmit={submit} noValidate aria-label="Quick add a paddle">
      <input type="hidden" name="brand" value={UNSPECIFIED_BRAND} />
      <div className="field">
        <label htmlFor={`${id}-nickname`}>Nickname *</label>
        <input
          id={`${id}-nickname`}
          value={nickname}
          maxLength={PADDLE_TEXT_LIMITS.name}
          onChange={(e) => setNickname(e.target.value)}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          placeholder="Big Red"
          autoFocus
        />
        {error && (
          <p id={`${id}-error`} className="field-error">
            {error}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-model`}>Model</label>
        <input id={`${id}-model`} maxLength={PADDLE_TEXT_LIMITS.name} value={model} onChange={(e) => setModel(e.target.value)} placeholder="Optional" />
      </div>
      <div className="quick-add-actions">
        {onCancel && (
          <button type="button" className="btn btn-outline btn-small" onClick={onCancel}>
            Cancel
          </button>
        )}
        <button type="submit" className="btn btn-primary btn-small" disabled={create.isPending}>
          {create.isPending ? "Adding..." : "Add Paddle"}
        </button>
      </div>
    </form>
  );
}
