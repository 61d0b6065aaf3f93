import FormField from "@cloudscape-design/components/form-field";
import Input from "@cloudscape-design/components/input";
import SpaceBetween from "@cloudscape-design/components/space-between";
import Textarea from "@cloudscape-design/components/textarea";
import { useMutation } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { isUnauthorizedError } from "../../../lib/api";
import { serverMessage } from "../../../lib/api-error";
import { useToast } from "../../../toast/use-toast";
import { FormModal } from "../FormModal";
import { ADJUST_REASON_MAX } from "@regrip/core/shared/loyalty-adjust";
import { adjustFormErrors, type AdjustForm } from "./adjust-form";
import { newIdempotencyKey } from "../../../lib/idempotency";
import { adjustPoints } from "./customers-api";

/**
 * Adjust points of any customer (the customer page, the Subscribers page; admins): points plus or minus and a
 * reason (audited); the new balance in a toast, a refusal in the form. One Idempotency-Key per adjustment typed:
 * a second click, or Adjust again after a network failure, adjusts once; a changed form is a new adjustment.
 */
export function AdjustPointsModal({ userId, name, balance, onDismiss, onSaved }: {
  userId: string;
  name: string;
  balance: number;
  onDismiss: () => void;
  onSaved: (balance: number) => void;
}) {
  const { toast } = useToast();
  const [form, setForm] = useState<AdjustForm>({ points: "", reason: "" });
  const [errors, setErrors] = useState<Partial<Record<keyof AdjustForm, string>>>({});
  const [touched, setTouched] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const key = useRef<string | null>(null);

  const save = useMutation({
    mutationFn: (body: { points: number; reason: string }) => adjustPoints(userId, body, (key.current ??= newIdempotencyKey())),
    onSuccess: (answer) => {
      toast({ title: "Points Adjusted", description: `${name} now has ${answer.balance.toLocaleString("en-US")} points` });
      onSaved(answer.balance);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      setRefusal(serverMessage(error) ?? "The points could not be adjusted. Please try again.");
    },
  });

  function set(field: keyof AdjustForm, value: string) {
    const next = { ...form, [field]: value };
    setForm(next);
    key.current = null;
    if (touched) setErrors(adjustFormErrors(next));
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    setTouched(true);
    setRefusal(undefined);
    const found = adjustFormErrors(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate({ points: Number(form.points.trim()), reason: form.reason.trim() });
  }

  return (
    <FormModal title={`Adjust points: ${name}`} submitLabel="Adjust Points" busy={save.isPending} refusal={refusal} onDismiss={onDismiss} onSubmit={(event) => submit(event)}>
      <SpaceBetween size="m">
        <FormField label="Points" description={`Now ${balance.toLocaleString("en-US")} points. A plus number adds points, a minus number takes them off.`} errorText={errors.points}>
          <Input type="number" inputMode="numeric" step={1} value={form.points} onChange={({ detail }) => set("points", detail.value)} placeholder="100" invalid={!!errors.points} ariaRequired />
        </FormField>
        <FormField label="Reason" constraintText={`${form.reason.length}/${ADJUST_REASON_MAX}. Kept with the change in the audit log.`} errorText={errors.reason}>
          <Textarea value={form.reason} onChange={({ detail }) => set("reason", detail.value.slice(0, ADJUST_REASON_MAX))} rows={3} placeholder="Why the balance changes" invalid={!!errors.reason} ariaRequired />
        </FormField>
      </SpaceBetween>
    </FormModal>
  );
}
