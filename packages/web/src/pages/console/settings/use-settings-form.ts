import { useState, type FormEvent } from "react";

/**
 * The state of a settings form (Money settings, Shop details): text values checked by the page's own rule (the
 * route's schema, each message under its field once Save was tried), the server's refusal above the buttons until
 * the next change, and a Save that sends the checked body only.
 */
export function useSettingsForm<F extends string, B>(
  initial: () => Record<F, string>,
  check: (values: Record<F, string>) => { body: B | null; errors: Partial<Record<F, string>> },
) {
  const [values, setValues] = useState<Record<F, string>>(initial);
  const [touched, setTouched] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const checked = check(values);
  return {
    values,
    refusal,
    /** The server's refusal, shown above the buttons until a field changes or Save is tried again. */
    refuse: setRefusal,
    errorOf: (field: F) => (touched ? checked.errors[field] : undefined),
    /** Save was tried with fields still to correct. */
    invalid: touched && !checked.body,
    set: (field: F, value: string) => {
      setValues((previous) => ({ ...previous, [field]: value }));
      setRefusal(undefined);
    },
    submit: (save: (body: B) => void) => (event?: FormEvent) => {
      event?.preventDefault();
      setTouched(true);
      setRefusal(undefined);
      if (checked.body) save(checked.body);
    },
  };
}
