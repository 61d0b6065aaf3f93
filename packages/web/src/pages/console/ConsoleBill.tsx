import Box from "@cloudscape-design/components/box";
import Header from "@cloudscape-design/components/header";
import Table from "@cloudscape-design/components/table";
import type { Bill } from "@regrip/core/shared/bill";
import { billAmount, billLineRows, billPaymentRows, billTotalRows, type BillRow } from "@regrip/core/shared/bill-rows";

const strong = (row: BillRow) => row.label === "Total" || row.kind === "balance";

/**
 * An order's bill in the console (the staff order view, the storefront's confirmation): the server's bill
 * (shared/bill.ts) in the same rows as the customer's pages (shared/bill-rows.ts): lines, what came off, sales tax,
 * Total, payments (tender, when, who), refunds (amount, reason, when) and Balance due. Nothing is added up here.
 */
export function ConsoleBill({ bill, header = "Bill" }: { bill: Bill; header?: string }) {
  const rows = [...billLineRows(bill, "staff"), ...billTotalRows(bill, "staff"), ...billPaymentRows(bill)];
  return (
    <Table
      variant="container"
      header={<Header variant="h2">{header}</Header>}
      ariaLabels={{ tableLabel: header }}
      wrapLines
      items={rows.map((row, index) => ({ ...row, index }))}
      trackBy={(row) => `${row.index}`}
      columnDefinitions={[
        {
          id: "item",
          header: "Item",
          cell: (row) => (
            <>
              <Box variant={strong(row) ? "strong" : "span"}>{row.label}</Box>
              {row.detail && <Box color="text-body-secondary" fontSize="body-s">{row.detail}</Box>}
            </>
          ),
        },
        {
          id: "amount",
          header: "Amount",
          cell: (row) => (
            <Box textAlign="right" variant={strong(row) ? "strong" : "span"} data-testid={row.label === "Total" ? "bill-total" : row.kind === "balance" ? "bill-balance" : undefined}>
              {billAmount(row)}
            </Box>
          ),
        },
      ]}
    />
  );
}
