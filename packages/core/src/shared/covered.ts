/** What a covered line says where its price would be (shared/membership.ts re-exports it; the bill reads it alone). */
export const COVERED_LINE_NOTE = "Covered by your membership";
/** The same, for a regrip a pack's credit covered (packs/credit.ts): the bill shows it covered just the same. */
export const PACK_COVERED_LINE_NOTE = "Covered by your pack";
/** Whether a line's note says one of the two kinds of cover. */
export const isCoverNote = (description: string | null | undefined): boolean => description === COVERED_LINE_NOTE || description === PACK_COVERED_LINE_NOTE;
