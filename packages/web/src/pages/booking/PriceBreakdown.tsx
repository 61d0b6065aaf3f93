import { formatCents } from "../../lib/money";
import type { SummaryLine, Totals } from "./booking-state";

/** The booking's lines, subtotal, discount and total, as the summary and the confirm dialog both show them. */
export function PriceBreakdown({
  lines,
  totals,
  promoCode,
  totalTestId,
}: {
  lines: SummaryLine[];
  totals: Totals;
  promoCode?: string;
  totalTestId?: string;
}) {
  return (
    <>
      {lines.length > 0 && (
        <ul className="summary-lines">
          {lines.map((line) => (
            <li key={line.id}>
              <span>
                {line.label}
                {line.detail && <span className="summary-detail">{line.detail}</span>}
              </span>
              <span>{formatCents(line.cents)}</span>
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
        <div className="summary-total">
          <dt>Total</dt>
          <dd data-testid={totalTestId}>{formatCents(totals.totalCents)}</dd>
        </div>
      </dl>
    </>
  );
}
