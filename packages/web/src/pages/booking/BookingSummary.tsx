import { useId, useState, type FormEvent } from "react";
import { dropoffLocations, type BookableLocation } from "../../data/orders";
import { PriceBreakdown } from "./PriceBreakdown";
import { apiJson } from "../../lib/api";
import { errorStatus, serverMessage } from "../../lib/api-error";
import { formatCents } from "../../lib/money";
import { normalizePromoCode, PROMO_CODE_CHECK_FAILED, PROMO_CODE_EMPTY, PROMO_CODE_INVALID, PROMO_CODE_MAX_LENGTH, promoSummary, type Discount as Promotion } from "@regrip/core/shared/promo";
import { CUSTOMER_NOTES_MAX_LENGTH as notesMaxLength } from "@regrip/core/shared/booking";
import { useToast } from "../../toast/use-toast";
import { POINTS_PER_REWARD, redeemCents, REWARD_WORDS } from "@regrip/core/shared/loyalty";
import { bagNumberInput, pointsChoices, type BookingSelection, type SummaryLine, type Totals } from "./booking-state";

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
}

/** Use points (issue 21): from 100 points, steps of 100 up to what the balance and the order allow. */
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
        {`You have ${balance.toLocaleString("en-US")} points. ${REWARD_WORDS}${choices.length < 2 ? `, when ${formatCents(redeemCents(POINTS_PER_REWARD))} or more is left to pay` : ""}.`}
      </span>
    </div>
  );
}

function PromoBox({ promo, onChange }: { promo: Promotion | undefined; onChange: (promo: Promotion | undefined) => void }) {
  const id = useId();
  const { toast } = useToast();
  const [code, setCode] = useState("");
  const [checking, setChecking] = useState(false);

  async function apply(event: FormEvent) {
    event.preventDefault();
    const normalized = normalizePromoCode(code);
    setCode(normalized);
    if (!normalized) {
      toast({ title: "Promo Code Required", description: PROMO_CODE_EMPTY, variant: "destructive" });
      return;
    }
    setChecking(true);
    try {
      const found = await apiJson<Promotion>("GET", `/api/promotions/${encodeURIComponent(normalized)}`);
      onChange(found);
      toast({ title: "Promo Applied!", description: `${found.code}: ${promoSummary(found, formatCents)}` });
    } catch (error) {
      if (errorStatus(error) === undefined) {
        toast({ title: "Error", description: PROMO_CODE_CHECK_FAILED, variant: "destructive" });
      } else {
        toast({ title: "Invalid Promo Code", description: serverMessage(error) ?? PROMO_CODE_INVALID, variant: "destructive" });
      }
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
          maxLength={PROMO_CODE_MAX_LENGTH}
          onChange={(event) => setCode(event.target.value.toUpperCase())}
          placeholder="WELCOME10"
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
      {promo && <p className="promo-applied">{`${promo.code} applied: ${promoSummary(promo, formatCents)}`}</p>}
    </form>
  );
}

/** The sticky summary: lines and totals, promo code, drop-off location, bag number, notes and Book. */
export function BookingSummary({ selection, paddleLabel, lines, totals, canBook, pointsBalance, points, dueCents, onChange, onBook }: Props) {
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

      <fieldset className="summary-field">
        <legend>Drop-off location *</legend>
        {dropoffLocations.map((location) => (
          <label key={location.value} className="radio-line">
            <input
              type="radio"
              name={`${id}-location`}
              value={location.value}
              checked={selection.location === location.value}
              onChange={() => onChange({ location: location.value as BookableLocation })}
            />
            {location.label}
          </label>
        ))}
      </fieldset>

      <div className="field">
        <label htmlFor={`${id}-bag`}>Bag number *</label>
        <input
          id={`${id}-bag`}
          inputMode="numeric"
          autoComplete="off"
          maxLength={3}
          placeholder="123"
          value={selection.bagNumber}
          onChange={(event) => onChange({ bagNumber: bagNumberInput(event.target.value) })}
          aria-describedby={`${id}-bag-hint`}
        />
        <span id={`${id}-bag-hint`} className="field-hint">
          The 3-digit number on your Regrip bag.
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

      <button type="button" className="btn btn-accent btn-block btn-large" disabled={!canBook} onClick={onBook}>
        Book Service
      </button>
      {!canBook && <p className="fine-print">Choose a paddle and a core service, and enter your bag number.</p>}
    </aside>
  );
}
