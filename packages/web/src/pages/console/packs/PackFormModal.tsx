import Checkbox from "@cloudscape-design/components/checkbox";
import FormField from "@cloudscape-design/components/form-field";
import Input from "@cloudscape-design/components/input";
import SpaceBetween from "@cloudscape-design/components/space-between";
import { coreServiceNames } from "@regrip/core/shared/catalogue";
import { PackInput } from "@regrip/core/shared/pack-input";
import { PACK_CREATED, PACK_UPDATED, type PackView } from "@regrip/core/shared/packs";
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { isUnauthorizedError } from "../../../lib/api";
import { failureMessage, serverMessage } from "../../../lib/api-error";
import { dollarsToCents } from "@regrip/core/shared/money";
import { formatCents } from "../../../lib/money";
import { useToast } from "../../../toast/use-toast";
import { FormModal } from "../FormModal";
import { createPack, updatePack, type PackBody } from "./packs-api";

interface Values {
  name: string;
  regrips: string;
  price: string;
  services: string[];
  validDays: string;
}

type Field = "name" | "regrips" | "priceCents" | "services" | "validDays";

const valuesOf = (pack?: PackView): Values => ({
  name: pack?.name ?? "",
  regrips: pack ? String(pack.regrips) : "",
  price: pack ? (pack.priceCents / 100).toFixed(2) : "",
  services: pack ? [...pack.services] : [],
  validDays: pack?.validDays ? String(pack.validDays) : "",
});

/** The form's body as the API takes it: numbers typed as text, the price in dollars sent in cents. */
function bodyOf(values: Values): Record<string, unknown> {
  const number = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));
  return {
    name: values.name,
    regrips: number(values.regrips),
    priceCents: values.price.trim() === "" || Number.isNaN(Number(values.price)) ? Number.NaN : dollarsToCents(values.price),
    services: values.services,
    validDays: values.validDays.trim() === "" ? null : number(values.validDays),
  };
}

/** Each field's error, by the server's own schema (shared/packs `PackInput`). */
function errorsOf(values: Values): Partial<Record<Field, string>> {
  const parsed = PackInput.safeParse(bodyOf(values));
  if (parsed.success) return {};
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Create Pack and Edit Pack: the name, regrips, price, the core services it covers and the days a bought one is good for. */
export function PackFormModal({ pack, onDismiss, onSaved }: { pack?: PackView; onDismiss: () => void; onSaved: () => void }) {
  const { toast } = useToast();
  const editing = !!pack;
  const [values, setValues] = useState<Values>(() => valuesOf(pack));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [touched, setTouched] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const save = useMutation({
    mutationFn: (body: PackBody) => (pack ? updatePack(pack.id, body) : createPack(body)),
    onSuccess: (saved) => {
      toast({ title: editing ? PACK_UPDATED : PACK_CREATED, description: `${saved.name}: ${saved.regrips} regrips for ${formatCents(saved.priceCents)}` });
      onSaved();
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      setRefusal(serverMessage(error) ?? "The pack was not saved.");
      toast({ title: editing ? "Failed to update pack" : "Failed to create pack", description: failureMessage(error), variant: "destructive" });
    },
  });

  function set(next: Values) {
    setValues(next);
    if (touched) setErrors(errorsOf(next));
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    setTouched(true);
    setRefusal(undefined);
    const found = errorsOf(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(bodyOf(values) as PackBody);
  }

  return (
    <FormModal title={editing ? "Edit Pack" : "Create Pack"} submitLabel={editing ? "Save Changes" : "Create Pack"} busy={save.isPending} refusal={refusal} onDismiss={onDismiss} onSubmit={(event) => void submit(event)}>
      <SpaceBetween size="m">
        <FormField label="Name" constraintText="What customers see: 10 regrips, get 1 free." errorText={errors.name}>
          <Input value={values.name} onChange={({ detail }) => set({ ...values, name: detail.value })} placeholder="11 for 10" ariaRequired invalid={!!errors.name} />
        </FormField>
        <FormField label="Regrips" constraintText="How many regrips a bought pack holds, 1 to 100." errorText={errors.regrips}>
          <Input type="number" inputMode="numeric" value={values.regrips} onChange={({ detail }) => set({ ...values, regrips: detail.value })} placeholder="11" invalid={!!errors.regrips} />
        </FormField>
        <FormField label="Price ($)" errorText={errors.priceCents}>
          <Input type="number" inputMode="decimal" step={0.01} value={values.price} onChange={({ detail }) => set({ ...values, price: detail.value })} placeholder="120.00" invalid={!!errors.priceCents} />
        </FormField>
        <FormField label="Covers" description="The core services a credit pays for (every color and feel of each)." errorText={errors.services}>
          <SpaceBetween size="xxs">
            {coreServiceNames.map((name) => (
              <Checkbox
                key={name}
                checked={values.services.includes(name)}
                onChange={({ detail }) => set({ ...values, services: detail.checked ? [...values.services, name] : values.services.filter((each) => each !== name) })}
              >
                {name}
              </Checkbox>
            ))}
          </SpaceBetween>
        </FormField>
        <FormField label="Good for (days)" constraintText="Counted from the purchase. Leave empty for a pack that never expires." errorText={errors.validDays}>
          <Input type="number" inputMode="numeric" value={values.validDays} onChange={({ detail }) => set({ ...values, validDays: detail.value })} placeholder="365" invalid={!!errors.validDays} />
        </FormField>
      </SpaceBetween>
    </FormModal>
  );
}
