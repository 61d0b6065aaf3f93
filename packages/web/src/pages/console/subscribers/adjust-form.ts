/** The Adjust points form's own checks (the server checks them again, with its own words shown in the form). */
export const ADJUST_REASON_MAX = 500;

export interface AdjustForm {
  points: string;
  reason: string;
}

/** Each field's problem: points a whole number other than 0 (plus adds, minus takes off), a reason of 1 to 500 characters. */
export function adjustFormErrors(form: AdjustForm): Partial<Record<keyof AdjustForm, string>> {
  const errors: Partial<Record<keyof AdjustForm, string>> = {};
  const points = Number(form.points.trim());
  if (!form.points.trim() || !Number.isSafeInteger(points) || points === 0) errors.points = "Enter a whole number of points other than 0 (minus to take points off)";
  if (!form.reason.trim()) errors.reason = "Give a reason";
  else if (form.reason.trim().length > ADJUST_REASON_MAX) errors.reason = `At most ${ADJUST_REASON_MAX} characters`;
  return errors;
}
