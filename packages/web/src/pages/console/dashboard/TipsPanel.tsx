import Box from "@cloudscape-design/components/box";
import ColumnLayout from "@cloudscape-design/components/column-layout";
import Header from "@cloudscape-design/components/header";
import Table from "@cloudscape-design/components/table";
import type { AdminAnalytics } from "@regrip/core/shared/analytics";
import { formatCents } from "../../../lib/money";

/**
 * Tips this month, apart from revenue: the total and how many, then each staff member's, credited to whoever
 * moved the order to Ready. Tips are the crew's money: Monthly Revenue and the average never include them.
 */
export function TipsPanel({ data }: { data: AdminAnalytics }) {
  const { tips } = data;
  return (
    <div data-testid="tips-panel">
      <Table
        variant="container"
        header={
          <Header variant="h2" counter={`(${tips.byStaff.length})`} description="Paid by customers after their paddle was ready; credited to whoever moved the order to Ready. Not part of revenue.">
            Tips
          </Header>
        }
        filter={
          <ColumnLayout columns={2} variant="text-grid" minColumnWidth={140}>
            <div role="group" aria-label="Tips this month">
              <Box variant="awsui-key-label">Tips this month</Box>
              <Box variant="awsui-value-large" display="block">
                <span data-testid="tips-total">{formatCents(tips.totalCents)}</span>
              </Box>
            </div>
            <div role="group" aria-label="Number of tips">
              <Box variant="awsui-key-label">Number of tips</Box>
              <Box variant="awsui-value-large" display="block">
                <span data-testid="tips-count">{tips.count}</span>
              </Box>
            </div>
          </ColumnLayout>
        }
        items={tips.byStaff}
        trackBy="staffId"
        wrapLines
        columnDefinitions={[
          { id: "name", header: "Staff member", cell: (row) => row.name, isRowHeader: true },
          { id: "tips", header: "Tips", cell: (row) => String(row.tips) },
          { id: "total", header: "Total", cell: (row) => formatCents(row.tipCents) },
        ]}
        empty={<Box textAlign="center" color="inherit">No tips yet this month.</Box>}
      />
    </div>
  );
}
