import { describe, expect, it } from "vitest";
import { bulkSmsSummary } from "./communications";

describe("the broadcast's summary", () => {
  it("says how many were skipped for want of promotional consent, beside the other reasons", () => {
    const summary = bulkSmsSummary({
      sent: 2,
      failed: 0,
      skipped: 4,
      skippedBecause: { noConsent: 3, optedOut: 1, noPhone: 0, notFound: 0, duplicatePhone: 0 },
    });
    expect(summary).toContain("Skipped 4: 3 not opted in to promotional texts, 1 replied STOP.");
  });
});
