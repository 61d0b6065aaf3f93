/** The Adjust points form, checked with the server's own schema and words (@regrip/core/shared/loyalty-adjust). */
import { fieldErrors, type FieldErrors } from "@regrip/core/shared/forms";
import { PointsAdjustment } from "@regrip/core/shared/loyalty-adjust";

export interface AdjustForm {
  points: string;
  reason: string;
}

/** Each field's problem: points a whole number other than 0 (plus adds, minus takes off), a reason of 1 to 500 characters. */
export function adjustFormErrors(form: AdjustForm): FieldErrors<keyof AdjustForm> {
  const points = form.points.trim() ? Number(form.points.trim()) : Number.NaN;
  return fieldErrors(PointsAdjustment, { points, reason: form.reason });
}
