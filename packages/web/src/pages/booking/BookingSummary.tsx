import { useId, useState, type FormEvent } from "react";
import { PriceBreakdown } from "./PriceBreakdown";
import { apiJson } from "../../lib/api";
import { errorStatus, serverMessage } from "../../lib/api-error";
import { formatCents, groupThousands } from "../../lib/money";
import { normalizePromoCode, PROMO_CODE_CHECK_FAILED, PROMO_CODE_EMPTY, PROMO_CODE_INVALID, promoSummary, type Discount as Promotion } from "@regrip/core/shared/promo";
import { CUSTOMER_NOTES_MAX_LENGTH as notesMaxLength } from "@regrip/core/shared/booking";
import { useToast } from "../../toast/use-toast";
import { POINTS_PER_REWARD, redeemCents, REWARD_WORDS } from "@regrip/core/shared/loyalty";
import { pointsChoices, type BookingSelection, type SummaryLine, type Totals } from "./booking-state";

interface Props {
  selection: BookingSelection;
  paddleLabel: string | undefined;
  lines: SummaryLine[];
  totals: Totals;
  canBook: boolean;
  /** The customer's points balance (undefined signed out or not known yet). */
  pointsBalance?: number;
  /** The points used now (held to the balance and to what is due). */
  points: number;
  /** What is left to pay before points. */
  dueCents: number;
  onChange: (changes: Partial<BookingSelection>) => void;
  onBook: () => void;
  /** The typed bag's check as it is typed (GET /api/bags/{key}/availability): a refusal, or a note that it is free. */
  bagError?: string;
  bagNote?: string;
  /** A booking refusal that belongs to no one field. */
  formError?: string;
}

const BOOK_HINT = "Choose a paddle, a core service, where and when, and enter your bag number (or say you don't have one yet).";

/** Use points: from 100 points, steps of 100 up to what the balance and the order allow. */
function PointsBox({ balance, points, dueCents, onChange }: { balance: number; points: number; dueCents: number; onChange: (points: number) => void }) {
  const id = useId();
  const choices = pointsChoices(balance, dueCents);
  return (
    <div className="field points-box">
      <label htmlFor={`${id}-points`}>Use points</label>
      <select id={`${id}-points`} value={points} disabled={choices.length < 2} onChange={(event) => onChange(Number(event.target.value))} aria-describedby={`${id}-points-hint`}>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice === 0 ? "Don't use points" : `${choice} points (-${formatCents(redeemCents(choice))})`}
          </option>
        ))}
      </select>
      <span id={`${id}-points-hint`} className="field-hint">
        {`You have ${groupThousands(balance)} points. ${REWARD_WORDS}${choices.length < 2 ? `, when ${formatCents(redeemCents(POINTS_PER_REWARD))} or more is left to pay` : ""}.`}
      </span>
    </div>
  );
}

function PromoBox({ promo, onChange }: { promo: Promotion | undefined; onChange: (promo: Promotion | undefined) => void }) {
  const id = useId();
  const { toast } = useToast();
  const [code, setCode] = useState("");
  const [checking, setChecking] = useState(false);
  /** Why the code was not applied: said under the field until it is changed (a toast would vanish). */
  const [refusal, setRefusal] = useState<string>();

  async function apply(event: FormEvent) {
    event.preventDefault();
    const normalized = normalizePromoCode(code);
    setCode(normalized);
    setRefusal(normalized ? undefined : PROMO_CODE_EMPTY);
    if (!normalized) return;
    setChecking(true);
    try {
      const found = await apiJson<Promotion>("GET", `/api/promotions/${encodeURIComponent(normalized)}`);
      onChange(found);
      toast({ title: "Promo Applied!", description: `${found.code}: ${promoSummary(found, formatCents)}` });
    } catch (error) {
      setRefusal(errorStatus(error) === undefined ? PROMO_CODE_CHECK_FAILED : (serverMessage(error) ?? PROMO_CODE_INVALID));
    } finally {
      setChecking(false);
    }
  }

  return (
    <form className="promo-box" onSubmit={apply} noValidate aria-label="Apply a promo code">
      <label htmlFor={`${id}-promo`}>Promo code</label>
      <div className="inline-field">
        <input
          id={`${id}-promo`}
          value={promo ? promo.code : code}
          readOnly={!!promo}
          aria-readonly={!!promo}
          autoCapitalize="characters"
          spellCheck={false}
          onChange={(event) => (setCode(event.target.value.toUpperCase()), setRefusal(undefined))}
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? `${id}-refusal` : undefined}
        />
        {promo ? (
          <button
            type="button"
            className="btn btn-outline btn-small"
            onClick={() => {
              onChange(undefined);
              setCode("");
            }}
          >
            Remove
          </button>
        ) : (
          <button type="submit" className="btn btn-outline btn-small" disabled={checking}>
            {checking ? "Checking..." : "Apply"}
          </button>
        )}
      </div>
      {refusal && (
        <p id={`${id}-refusal`} className="field-error" role="alert">
          {refusal}
        </p>
      )}
      {promo && <p className="promo-applied">{`${promo.code} applied: ${promoSummary(promo, formatCents)}`}</p>}
    </form>
  );
}

/** The sticky summary: lines and totals, promo code, points, bag number, notes and Book. */
export function BookingSummary({
  selection,
  paddleLabel,
  lines,
  totals,
  canBook,
  pointsBalance,
  points,
  dueCents,
  onChange,
  onBook,
  bagError,
  bagNote,
  formError,
}: Props) {
  const id = useId();
  return (
    <aside className="booking-summary" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Booking Summary</h2>
      <dl className="summary-paddle">
        <dt>Paddle</dt>
        <dd>{paddleLabel ?? <span className="muted">Not chosen yet</span>}</dd>
      </dl>
      {lines.length === 0 && <p className="muted">Choose a core service to get started.</p>}
      <PriceBreakdown lines={lines} totals={totals} promoCode={selection.promo?.code} points={points} totalTestId="summary-total" />
      <p className="fine-print">The shop confirms the final price when you book.</p>

      <PromoBox promo={selection.promo} onChange={(promo) => onChange({ promo })} />
      {pointsBalance !== undefined && pointsBalance >= POINTS_PER_REWARD && (
        <PointsBox balance={pointsBalance} points={points} dueCents={dueCents} onChange={(redeemPoints) => onChange({ redeemPoints })} />
      )}

      <div className="field">
        <label htmlFor={`${id}-bag`}>Bag number{selection.needsBag ? "" : " *"}</label>
        <input
          id={`${id}-bag`}
          inputMode="numeric"
          autoComplete="off"
          placeholder="123"
          value={selection.needsBag ? "" : selection.bagNumber}
          disabled={selection.needsBag}
          aria-invalid={bagError ? true : undefined}
          onChange={(event) => onChange({ bagNumber: event.target.value.trim() })}
          aria-describedby={`${id}-bag-hint ${id}-bag-check`}
        />
        <span id={`${id}-bag-hint`} className="field-hint">
          {selection.needsBag
            ? "The shop gives you a Regrip bag when you drop off your paddle. Your confirmation says its number."
            : "The 3-digit number on your Regrip bag."}
        </span>
        <label className="radio-line">
          <input type="checkbox" checked={selection.needsBag} onChange={(event) => onChange({ needsBag: event.target.checked })} />
          I don't have a bag yet
        </label>
        <span id={`${id}-bag-check`} className={bagError ? "field-error" : "field-hint bag-check"} role={bagError ? "alert" : "status"}>
          {selection.needsBag ? "" : (bagError ?? bagNote ?? "")}
        </span>
      </div>

      <div className="field">
        <label htmlFor={`${id}-notes`}>Special instructions</label>
        <textarea
          id={`${id}-notes`}
          rows={3}
          maxLength={notesMaxLength}
          value={selection.notes}
          onChange={(event) => onChange({ notes: event.target.value.slice(0, notesMaxLength) })}
          aria-describedby={`${id}-notes-count`}
          placeholder="Anything we should know?"
        />
        <span id={`${id}-notes-count`} className="field-hint counter">
          {selection.notes.length}/{notesMaxLength}
        </span>
      </div>

      {formError && (
        <p className="field-error" role="alert">
          {formError}
        </p>
      )}
      <button type="button" className="btn btn-accent btn-block btn-large summary-book" disabled={!canBook} onClick={onBook}>
        Book Service
      </button>
      {!canBook && <p className="fine-print">{BOOK_HINT}</p>}
    </aside>
  );
}

/** On a phone: the total and Book, kept at the bottom of the screen (the summary's own Book is far below). */
export function BookingBar({ totalCents, canBook, onBook }: { totalCents: number; canBook: boolean; onBook: () => void }) {
  return (
    <div className="booking-bar" role="region" aria-label="Total and Book">
      <span className="booking-bar-total">
        Total <strong data-testid="bar-total">{formatCents(totalCents)}</strong>
      </span>
      <button type="button" className="btn btn-accent" disabled={!canBook} onClick={onBook}>
        Book Service
      </button>
    </div>
  );
}
