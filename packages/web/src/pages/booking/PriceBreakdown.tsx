import { COVERED_LINE_NOTE } from "@regrip/core/shared/membership";
import { formatCents } from "../../lib/money";
import type { SummaryLine, Totals } from "./booking-state";

/** The booking's lines, subtotal, discount, points and total, as the summary and the confirm dialog both show them. */
export function PriceBreakdown({
  lines,
  totals,
  promoCode,
  points = 0,
  totalTestId,
}: {
  lines: SummaryLine[];
  totals: Totals;
  promoCode?: string;
  /** The points used (their worth is `totals.pointsDiscountCents`). */
  points?: number;
  totalTestId?: string;
}) {
  return (
    <>
      {lines.length > 0 && (
        <ul className="summary-lines">
          {lines.map((line) => (
            <li key={line.id} className={line.covered ? "summary-covered" : undefined}>
              <span>
                {line.label}
                {line.detail && <span className="summary-detail">{line.detail}</span>}
                {line.covered && <span className="summary-detail summary-covered-note">{line.coverNote ?? COVERED_LINE_NOTE}</span>}
              </span>
              <span>
                {line.covered && line.fullCents !== undefined && (
                  <>
                    <s className="summary-was">{formatCents(line.fullCents)}</s>{" "}
                  </>
                )}
                {formatCents(line.cents)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <dl className="summary-totals">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatCents(totals.subtotalCents)}</dd>
        </div>
        {promoCode && (
          <div className="summary-discount">
            <dt>Discount ({promoCode})</dt>
            <dd>-{formatCents(totals.discountAmountCents)}</dd>
          </div>
        )}
        {totals.pointsDiscountCents > 0 && (
          <div className="summary-discount">
            <dt>Points ({points})</dt>
            <dd>-{formatCents(totals.pointsDiscountCents)}</dd>
          </div>
        )}
        {totals.taxCents > 0 && (
          <div>
            <dt>Sales tax</dt>
            <dd>{formatCents(totals.taxCents)}</dd>
          </div>
        )}
        <div className="summary-total">
          <dt>Total</dt>
          <dd data-testid={totalTestId}>{formatCents(totals.totalCents)}</dd>
        </div>
      </dl>
    </>
  );
}
