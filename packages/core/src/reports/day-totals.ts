/**
 * Replaced at merge by the reports module (the sales reports): this is the drawer branch's simple, honest
 * stand-in behind the same contract, so the drawer's close report depends only on `dayTotals`'s interface.
 *
 * It reads the day's figures the writes keep (stats/daily.ts, one GetItem): they are the whole shop's, not one
 * location's, and they keep no split by tender, so `byTender` is empty here and `location` only echoes the caller.
 * The reports module answers the same shape per location and by tender.
 */
import { db } from "../db";

export interface TenderTotal {
  tender: string;
  paidCents: number;
  refundedCents: number;
}

export interface DayTotals {
  day: string;
  location: string;
  salesCents: number;
  refundedCents: number;
  taxCents: number;
  tipsCents: number;
  byTender: TenderTotal[];
}

/** The money of shop day `day` (`YYYY-MM-DD`): sales and refunds tax included, the tax kept (collected less refunded), tips. */
export async function dayTotals(location: string, day: string): Promise<DayTotals> {
  const { data } = await db().entities.dailyStats.get({ day }).go();
  const figure = (value: number | undefined) => Number(value ?? 0);
  return {
    day,
    location,
    salesCents: figure(data?.paidCents),
    refundedCents: figure(data?.refundedCents),
    taxCents: figure(data?.taxCents) - figure(data?.refundedTaxCents),
    tipsCents: figure(data?.tipCents),
    byTender: [],
  };
}
