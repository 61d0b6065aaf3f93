/** What a covered line says where its price would be (shared/membership.ts re-exports it; the bill reads it alone). */
export const COVERED_LINE_NOTE = "Covered by your membership";
