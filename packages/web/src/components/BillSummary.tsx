import type { Bill } from "@regrip/core/shared/bill";
import { billAmount, billLineRows, billPaymentRows, billTotalRows, type BillRow } from "@regrip/core/shared/bill-rows";

function Amounts({ rows, totalTestId }: { rows: BillRow[]; totalTestId?: string }) {
  return (
    <dl className="summary-totals">
      {rows.map((row, index) => (
        <div
          key={`${row.kind}-${row.label}-${index}`}
          className={row.label === "Total" ? "summary-total" : row.kind === "balance" ? "summary-balance" : row.minus ? "summary-discount" : undefined}
        >
          <dt>
            {row.label}
            {row.detail && <span className="summary-detail">{row.detail}</span>}
          </dt>
          <dd data-testid={row.label === "Total" ? totalTestId : row.kind === "balance" ? "bill-balance" : undefined}>{billAmount(row)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * An order's bill on the customer's pages (the order page, the receipt page): its lines, what came off, the sales tax,
 * the total, then what was paid and given back and the balance. Renders the server's bill (shared/bill.ts) and
 * nothing else: no page adds an order's money up again.
 */
export function BillSummary({ bill, totalTestId = "bill-total", showWho = false }: { bill: Bill; totalTestId?: string; showWho?: boolean }) {
  return (
    <div className="bill" data-testid="bill">
      <ul className="summary-lines">
        {billLineRows(bill).map((row, index) => (
          <li key={`${row.label}-${index}`}>
            <span>
              {row.label}
              {row.detail && <span className="summary-detail">{row.detail}</span>}
            </span>
            <span>{billAmount(row)}</span>
          </li>
        ))}
      </ul>
      <Amounts rows={billTotalRows(bill)} totalTestId={totalTestId} />
      <h3 className="bill-subhead">Payments</h3>
      <Amounts rows={billPaymentRows(bill, { showWho })} />
    </div>
  );
}
