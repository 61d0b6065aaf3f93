/**
 * The first-load JavaScript budgets of the customer pages, which must stay light on a phone, in bytes of gzip (kB of 1000, as
 * Vite reports): written once, read by the first-load test (test/browser/first-load.test.ts) and by
 * `npm run bench:bundle` (scripts/bench-bundle.ts). `page` names the route chunk (assets/<page>-<hash>.js).
 */
export const bundleBudgets = [
  { path: "/", page: "LandingPage", budgetBytes: 90_000 },
  // 120 kB until the booking page asked for the phone code before Confirm, kept a draft, showed a field's refusal
  // under it and a pack's cover in the summary (121.3 kB then); 122 kB since, to be won back.
  { path: "/booking", page: "BookingPage", budgetBytes: 122_000 },
  // The bag status page behind each bag's QR: a shell and one plain fetch, the shell's first load plus the
  // page (91.4 kB when set; what it shows of a found bag loads beside the fetch since).
  { path: "/b/{slug}", page: "BagPage", budgetBytes: 92_000 },
] as const;

export type BundleBudget = (typeof bundleBudgets)[number];

/** Within budget: at most the budget's bytes. */
export const withinBudget = (gzipBytes: number, { budgetBytes }: BundleBudget): boolean => gzipBytes <= budgetBytes;
