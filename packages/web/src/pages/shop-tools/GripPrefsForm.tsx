import { GripPrefs, PREFERENCES_SAVED, type GripPrefsInput } from "@regrip/core/shared/grip-prefs";
import { SHOP_LOCATIONS } from "@regrip/core/shared/locations";
import type { CurrentUser } from "@regrip/core/shared/users";
import { useId, useState, type FormEvent } from "react";
import { useUpdateCurrentUser } from "../../data/account";
import { useServices } from "../../data/catalogue";
import { serverMessage } from "../../lib/api-error";
import { useToast } from "../../toast/use-toast";

interface State {
  service: string;
  color: string;
  feel: string;
  location: string;
}

const stateOf = (prefs: GripPrefsInput | null | undefined): State => ({
  service: prefs?.service ?? "",
  color: prefs?.color ?? "",
  feel: prefs?.feel ?? "",
  location: prefs?.location ?? "",
});

/**
 * Shop Tools' Grip Prefs: the core service, color, tack and drop-off location the customer usually books, saved to
 * their `defaultPrefs` (PUT /api/auth/user, the shared GripPrefs schema); the booking page starts from them.
 */
export function GripPrefsForm({ user }: { user: CurrentUser }) {
  const id = useId();
  const { toast } = useToast();
  const services = useServices();
  const save = useUpdateCurrentUser();
  const [state, setState] = useState(() => stateOf(user.defaultPrefs));
  const [error, setError] = useState<string>();
  const core = services.data?.coreServices ?? [];
  const service = core.find((s) => s.name === state.service);
  const set = (changes: Partial<State>) => setState((s) => ({ ...s, ...changes }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = GripPrefs.safeParse({
      service: state.service || null,
      color: state.color || null,
      feel: state.feel || null,
      location: state.location || null,
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    save.mutate(
      { defaultPrefs: parsed.data },
      {
        onSuccess: () => toast({ title: PREFERENCES_SAVED, description: "Your next booking starts from these choices." }),
        onError: (failure) => {
          const message = serverMessage(failure) ?? "Failed to update profile";
          setError(message);
          toast({ title: "Update Failed", description: message, variant: "destructive" });
        },
      },
    );
  }

  return (
    <form onSubmit={submit} aria-label="Grip preferences" noValidate>
      <h2>Grip Preferences</h2>
      <p className="muted">Booking a regrip starts from these choices; you can still change them on the booking page.</p>
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-service`}>Preferred service</label>
          <select id={`${id}-service`} value={state.service} onChange={(e) => set({ service: e.target.value, color: "", feel: "" })}>
            <option value="">No preference</option>
            {core.map((s) => (
              <option key={s.name} value={s.name}>
                {s.name}
              </option>
            ))}
            {state.service && !service && <option value={state.service}>{state.service}</option>}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-color`}>Grip color</label>
          <select id={`${id}-color`} value={state.color} onChange={(e) => set({ color: e.target.value })} disabled={!service?.colors.length && !state.color}>
            <option value="">No preference</option>
            {service?.colors.map((color) => (
              <option key={color} value={color}>
                {color}
              </option>
            ))}
            {state.color && !service?.colors.includes(state.color) && <option value={state.color}>{state.color}</option>}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-feel`}>Grip tack</label>
          <select id={`${id}-feel`} value={state.feel} onChange={(e) => set({ feel: e.target.value })} disabled={!service?.feels.length && !state.feel}>
            <option value="">No preference</option>
            {service?.feels.map((feel) => (
              <option key={feel} value={feel}>
                {feel}
              </option>
            ))}
            {state.feel && !service?.feels.includes(state.feel) && <option value={state.feel}>{state.feel}</option>}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-location`}>Drop-off location</label>
          <select id={`${id}-location`} value={state.location} onChange={(e) => set({ location: e.target.value })}>
            <option value="">No preference</option>
            {SHOP_LOCATIONS.map((location) => (
              <option key={location.value} value={location.value}>
                {location.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {services.isError && <p className="form-error">Unable to load services. Please refresh the page.</p>}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary section-gap" disabled={save.isPending}>
        {save.isPending ? "Saving..." : "Update Preferences"}
      </button>
    </form>
  );
}
