import { CORE_THICKNESS_MM as coreThickness, PADDLE_TEXT_LIMITS as limits } from "@regrip/core/shared/paddles";
import { useId, useRef, useState, type FormEvent } from "react";
import { Dialog } from "../components/Dialog";
import {
  paddleMaterials,
  paddleName,
  paddleShapes,
  useCreatePaddle,
  useDeletePaddle,
  usePaddlePhoto,
  useUpdatePaddle,
  type Paddle,
  type PaddleInput,
} from "../data/paddles";
import { useToast } from "../toast/use-toast";
import { imageProblem, paddleErrors, type PaddleErrors } from "../lib/validation";

interface FormState {
  brand: string;
  model: string;
  nickname: string;
  personality: string;
  coreThickness: number;
  shape: string;
  material: string;
  colorway: string;
  serial: string;
  tackiness: string;
  color: string;
}

function initialState(paddle?: Paddle): FormState {
  return {
    brand: paddle?.brand ?? "",
    model: paddle?.model ?? "",
    nickname: paddle?.nickname ?? "",
    personality: paddle?.personality ?? "",
    coreThickness: paddle?.coreThickness ?? coreThickness.default,
    shape: paddle?.shape ?? "",
    material: paddle?.material ?? "",
    colorway: paddle?.colorway ?? "",
    serial: paddle?.serial ?? "",
    tackiness: paddle?.prefs?.tackiness == null ? "" : String(paddle.prefs.tackiness),
    color: paddle?.prefs?.color ?? "",
  };
}

/** The nickname of a clone: the original's, marked as a copy, within the 60-character limit. */
function copyNickname(paddle: Pick<Paddle, "nickname" | "brand" | "model">): string {
  const suffix = " (Copy)";
  return `${paddleName(paddle).slice(0, 60 - suffix.length).trim()}${suffix}`;
}

/** Clone This Beauty: the add form filled from `paddle` (not its id, photo or bag), the nickname marked as a copy. */
function cloneState(paddle: Paddle): FormState {
  return { ...initialState(paddle), nickname: copyNickname(paddle) };
}

const textFields = ["brand", "model", "nickname", "personality", "colorway", "serial"] as const;

/** Everything the form holds, as POST /api/paddles takes it (blank fields left out). */
function paddleInput(state: FormState): PaddleInput {
  const input: PaddleInput = { coreThickness: state.coreThickness };
  for (const key of textFields) if (state[key].trim()) input[key] = state[key].trim();
  if (state.shape) input.shape = state.shape as PaddleInput["shape"];
  if (state.material) input.material = state.material as PaddleInput["material"];
  const prefs: NonNullable<PaddleInput["prefs"]> = {};
  if (state.tackiness) prefs.tackiness = Number(state.tackiness);
  if (state.color.trim()) prefs.color = state.color.trim();
  if (Object.keys(prefs).length) input.prefs = prefs;
  return input;
}

/** Only what an edit changed (PATCH takes any subset). */
function paddleChanges(before: FormState, after: FormState): PaddleInput {
  const changes: PaddleInput = {};
  for (const key of textFields) if (before[key].trim() !== after[key].trim()) changes[key] = after[key].trim();
  if (before.coreThickness !== after.coreThickness) changes.coreThickness = after.coreThickness;
  // A cleared choice is sent as null, which the server takes as "remove".
  if (before.shape !== after.shape) changes.shape = (after.shape || null) as PaddleInput["shape"];
  if (before.material !== after.material) changes.material = (after.material || null) as PaddleInput["material"];
  if (before.tackiness !== after.tackiness || before.color.trim() !== after.color.trim()) {
    const prefs = {
      ...(after.tackiness ? { tackiness: Number(after.tackiness) } : {}),
      ...(after.color.trim() ? { color: after.color.trim() } : {}),
    };
    changes.prefs = Object.keys(prefs).length ? prefs : null;
  }
  return changes;
}

const tackinessLabels = ["Slick", "A little tack", "Medium", "Tacky", "Very tacky"];

interface Props {
  /** Absent: add a new paddle ('Create a Paddle Profile'). */
  paddle?: Paddle;
  /** Adding: start from this paddle's details (Clone This Beauty). */
  template?: Paddle;
  onClose: () => void;
  onSaved?: (paddle: Paddle) => void;
}

/** Add or edit a paddle: every field of the profile, the core-thickness slider and a photo. */
export function PaddleFormDialog({ paddle, template, onClose, onSaved }: Props) {
  const id = useId();
  const { toast } = useToast();
  const [before] = useState(() => (!paddle && template ? cloneState(template) : initialState(paddle)));
  const [state, setState] = useState(before);
  const [errors, setErrors] = useState<PaddleErrors>({});
  const [file, setFile] = useState<File>();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const create = useCreatePaddle();
  const update = useUpdatePaddle();
  const remove = useDeletePaddle();
  const photo = usePaddlePhoto();
  const editing = !!paddle;
  const busy = create.isPending || update.isPending || photo.upload.isPending;

  const form = useRef<HTMLFormElement>(null);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setState((s) => ({ ...s, [key]: value }));
    // A field's message goes once it is being corrected.
    if (key in errors) setErrors(({ [key as keyof PaddleErrors]: _, ...rest }) => rest);
  };

  /** Keeps the refusals; when there are any, takes the person to the first (a phone scrolls the dialog away from them). */
  function refuse(found: PaddleErrors): boolean {
    setErrors(found);
    const first = (["brand", "nickname"] as const).find((key) => found[key]);
    if (!first) return false;
    form.current?.ownerDocument.getElementById(`${id}-${first}`)?.focus();
    return true;
  }

  function pickFile(input: HTMLInputElement) {
    const chosen = input.files?.[0];
    if (!chosen) return;
    const problem = imageProblem(chosen);
    if (problem) {
      toast({ ...problem, variant: "destructive" });
      // The refused file must not stay named in the input as if it were chosen.
      input.value = "";
      return;
    }
    if (paddle) photo.upload.mutate({ id: paddle.id, file: chosen });
    else setFile(chosen);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (editing) {
      const changes = paddleChanges(before, state);
      if (refuse(paddleErrors(changes, { partial: true }))) return;
      if (Object.keys(changes).length === 0) return onClose();
      update.mutate(
        { id: paddle.id, changes },
        {
          onSuccess: (saved) => {
            onSaved?.(saved);
            onClose();
          },
        },
      );
      return;
    }
    if (refuse(paddleErrors(state))) return;
    create.mutate(paddleInput(state), {
      onSuccess: async (saved) => {
        if (file) await photo.upload.mutateAsync({ id: saved.id, file }).catch(() => undefined);
        onSaved?.(saved);
        onClose();
      },
    });
  }

  if (confirmDelete && paddle) {
    return (
      <Dialog title="Delete Paddle?" description={`${paddleName(paddle)} and its details will be removed. Orders that used it stay in your history.`} onClose={() => setConfirmDelete(false)} size="small">
        <div className="dialog-actions">
          <button type="button" className="btn btn-outline" onClick={() => setConfirmDelete(false)} data-autofocus>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={remove.isPending}
            onClick={() => remove.mutate(paddle.id, { onSuccess: onClose })}
          >
            {remove.isPending ? "Deleting..." : "Delete Paddle"}
          </button>
        </div>
      </Dialog>
    );
  }

  const fieldError = (key: keyof PaddleErrors) =>
    errors[key] && (
      <p id={`${id}-${key}-error`} className="field-error">
        {errors[key]}
      </p>
    );

  return (
    <Dialog
      title={editing ? "Edit Paddle" : "Create a Paddle Profile"}
      description={
        editing
          ? "Update your paddle's details."
          : template
            ? `A copy of ${paddleName(template)}: change what differs, then add it.`
            : "Tell us about your paddle so we can grip it just the way you like."
      }
      onClose={onClose}
      size="large"
    >
      <form ref={form} onSubmit={submit} noValidate aria-label={editing ? "Edit paddle" : "Create a paddle profile"}>
        <div className="form-grid">
          <div className="field">
            <label htmlFor={`${id}-brand`}>Brand *</label>
            <input
              id={`${id}-brand`}
              value={state.brand}
              maxLength={limits.name}
              onChange={(e) => set("brand", e.target.value)}
              aria-invalid={!!errors.brand}
              aria-describedby={errors.brand ? `${id}-brand-error` : undefined}
              placeholder="Joola, Selkirk, CRBN..."
              data-autofocus
            />
            {fieldError("brand")}
          </div>
          <div className="field">
            <label htmlFor={`${id}-model`}>Model</label>
            <input id={`${id}-model`} maxLength={limits.name} value={state.model} onChange={(e) => set("model", e.target.value)} placeholder="Perseus 16mm" />
          </div>
          <div className="field">
            <label htmlFor={`${id}-nickname`}>Nickname *</label>
            <input
              id={`${id}-nickname`}
              value={state.nickname}
              maxLength={limits.name}
              onChange={(e) => set("nickname", e.target.value)}
              aria-invalid={!!errors.nickname}
              aria-describedby={errors.nickname ? `${id}-nickname-error` : undefined}
              placeholder="Big Red"
            />
            {fieldError("nickname")}
          </div>
          <div className="field">
            <label htmlFor={`${id}-personality`}>Personality</label>
            <input id={`${id}-personality`} maxLength={limits.notes} value={state.personality} onChange={(e) => set("personality", e.target.value)} placeholder="Aggressive banger" />
          </div>
          <div className="field field-wide">
            <label htmlFor={`${id}-core`}>Core thickness: {state.coreThickness} mm</label>
            <input
              id={`${id}-core`}
              type="range"
              min={coreThickness.min}
              max={coreThickness.max}
              step={coreThickness.step}
              value={state.coreThickness}
              aria-valuetext={`${state.coreThickness} millimetres`}
              onChange={(e) => set("coreThickness", Number(e.target.value))}
            />
            <span className="range-scale" aria-hidden="true">
              <span>{coreThickness.min} mm</span>
              <span>{coreThickness.max} mm</span>
            </span>
          </div>
          <div className="field">
            <label htmlFor={`${id}-shape`}>Shape</label>
            <select id={`${id}-shape`} value={state.shape} onChange={(e) => set("shape", e.target.value)}>
              <option value="">Not sure</option>
              {paddleShapes.map((shape) => (
                <option key={shape} value={shape}>
                  {shape.replace("-", " ").replace(/^./, (c) => c.toUpperCase())}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-material`}>Material</label>
            <select id={`${id}-material`} value={state.material} onChange={(e) => set("material", e.target.value)}>
              <option value="">Not sure</option>
              {paddleMaterials.map((material) => (
                <option key={material} value={material}>
                  {material.replace(/^./, (c) => c.toUpperCase())}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-colorway`}>Colorway</label>
            <input id={`${id}-colorway`} maxLength={limits.name} value={state.colorway} onChange={(e) => set("colorway", e.target.value)} placeholder="Black and red" />
          </div>
          <div className="field">
            <label htmlFor={`${id}-serial`}>Serial number or notes</label>
            <input id={`${id}-serial`} maxLength={limits.serial} value={state.serial} onChange={(e) => set("serial", e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-tackiness`}>Preferred tackiness (out of 5)</label>
            <select id={`${id}-tackiness`} value={state.tackiness} onChange={(e) => set("tackiness", e.target.value)}>
              <option value="">No preference</option>
              {tackinessLabels.map((label, i) => (
                <option key={label} value={String(i + 1)}>
                  {i + 1} – {label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-color`}>Preferred grip color</label>
            <input id={`${id}-color`} maxLength={limits.name} value={state.color} onChange={(e) => set("color", e.target.value)} placeholder="Black" />
          </div>
          <div className="field field-wide">
            <label htmlFor={`${id}-photo`}>Photo</label>
            <div className="photo-row">
              {paddle?.photoUrl && <img src={paddle.photoUrl} alt="" className="photo-thumb" />}
              <input id={`${id}-photo`} type="file" accept="image/*" onChange={(e) => pickFile(e.target)} />
              {paddle?.photoUrl && (
                <button type="button" className="btn btn-outline btn-small" disabled={photo.remove.isPending} onClick={() => photo.remove.mutate(paddle.id)}>
                  Remove photo
                </button>
              )}
            </div>
            <span className="field-hint">{photo.upload.isPending ? "Uploading..." : file ? `Selected: ${file.name}` : "An image up to 5MB."}</span>
          </div>
        </div>
        <div className="dialog-actions">
          {editing && (
            <button type="button" className="btn btn-danger-outline dialog-actions-start" onClick={() => setConfirmDelete(true)}>
              Delete Paddle
            </button>
          )}
          <button type="button" className="btn btn-outline" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? "Saving..." : editing ? "Save Changes" : "Add Paddle"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
