import { useState, type FormEvent } from "react";

/**
 * The state of an admin's create-or-edit dialog (a partner club, an event): the values typed, the dialog's own
 * checks under their fields once Save was tried, and the server's refusal under the field it names until that
 * field changes (`refusal`: one that names no field, shown above the buttons).
 */
export function useFieldForm<V extends object, F extends keyof V & string>(initial: () => V, check: (values: V) => Partial<Record<F, string>>) {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState(false);
  const [refused, setRefused] = useState<{ field?: F; message: string }>();
  const errors: Partial<Record<F, string>> = touched ? check(values) : {};

  function set<K extends keyof V>(key: K, value: V[K]) {
    setValues((previous) => ({ ...previous, [key]: value }));
    if (refused && refused.field === (key as keyof V)) setRefused(undefined);
  }

  return {
    values,
    set,
    errorOf: (field: F) => errors[field] ?? (refused?.field === field ? refused.message : undefined),
    refusal: refused && !refused.field ? refused.message : undefined,
    /** The server's refusal, under `field` when it names one. */
    refuse: (message: string, field?: F) => setRefused({ field, message }),
    /** Save: the checks show from now on, and `save` runs only when they pass. */
    submit: (save: () => void) => (event?: FormEvent) => {
      event?.preventDefault();
      setTouched(true);
      setRefused(undefined);
      if (Object.keys(check(values)).length === 0) save();
    },
  };
}
