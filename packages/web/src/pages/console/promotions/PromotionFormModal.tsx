import { FormModal } from "../FormModal";
import FormField from "@cloudscape-design/components/form-field";
import Input from "@cloudscape-design/components/input";
import SpaceBetween from "@cloudscape-design/components/space-between";
import {
  PROMOTION_CREATE_FAILED,
  PROMOTION_CREATED,
  PROMOTION_UPDATE_FAILED,
  PROMOTION_UPDATED,
  promotionFormErrors,
  promotionFormValues,
  promotionFromForm,
  type PromotionAdminView,
  type PromotionFormValues,
} from "@regrip/core/shared/promotions";
import { PROMO_CODE_MAX_LENGTH, promoSummary } from "@regrip/core/shared/promo";
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { isUnauthorizedError } from "../../../lib/api";
import { failureMessage, serverMessage } from "../../../lib/api-error";
import { formatCents } from "../../../lib/money";
import { useToast } from "../../../toast/use-toast";
import { createPromotion, updatePromotion } from "./promotions-api";

type Field = keyof PromotionFormValues;

interface Props {
  /** The promotion to edit; none to create one. */
  promotion?: PromotionAdminView;
  onDismiss: () => void;
  onSaved: (promotion: PromotionAdminView) => void;
}

/**
 * Create Promotion and Edit Promotion: each field checked with the server's own schema (shared/promotions), its
 * message under the field; the amount typed in dollars and sent in cents (rounded); the server's refusal (a code
 * taken) in the form and as the spec's toast.
 */
export function PromotionFormModal({ promotion, onDismiss, onSaved }: Props) {
  const { toast } = useToast();
  const editing = !!promotion;
  const [values, setValues] = useState<PromotionFormValues>(() => promotionFormValues(promotion));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [touched, setTouched] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const title = editing ? "Edit Promotion" : "Create Promotion";

  const save = useMutation({
    mutationFn: (body: { code: string; percentage: number; amountCents: number }) =>
      promotion ? updatePromotion(promotion.id, body) : createPromotion(body),
    onSuccess: (saved) => {
      toast({ title: editing ? PROMOTION_UPDATED : PROMOTION_CREATED, description: `${saved.code}: ${promoSummary(saved, formatCents)}` });
      onSaved(saved);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      const message = serverMessage(error);
      setRefusal(message ?? (editing ? PROMOTION_UPDATE_FAILED : PROMOTION_CREATE_FAILED));
      toast({ title: editing ? PROMOTION_UPDATE_FAILED : PROMOTION_CREATE_FAILED, description: failureMessage(error), variant: "destructive" });
    },
  });

  function set(field: Field, value: string) {
    const next = { ...values, [field]: field === "code" ? value.toUpperCase() : value };
    setValues(next);
    if (touched) setErrors(promotionFormErrors(next));
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    setTouched(true);
    setRefusal(undefined);
    const found = promotionFormErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = promotionFromForm(values);
    save.mutate({ ...body, code: body.code.trim().toUpperCase() });
  }

  return (
    <FormModal title={title} submitLabel={editing ? "Save Changes" : "Create Promotion"} busy={save.isPending} refusal={refusal} onDismiss={onDismiss} onSubmit={(event) => void submit(event)}>
      <SpaceBetween size="m">
        <FormField label="Code" constraintText={`Up to ${PROMO_CODE_MAX_LENGTH} letters, digits, - or _. Customers type it at checkout.`} errorText={errors.code}>
          <Input
            value={values.code}
            onChange={({ detail }) => set("code", detail.value)}
            placeholder="SUMMER10"
            ariaRequired
            autoComplete={false}
            spellcheck={false}
            invalid={!!errors.code}
          />
        </FormField>
        <FormField label="Percentage off" constraintText="0 to 100. Leave empty for a fixed amount." errorText={errors.percentage}>
          <Input
            type="number"
            inputMode="numeric"
            value={values.percentage}
            onChange={({ detail }) => set("percentage", detail.value)}
            placeholder="0"
            invalid={!!errors.percentage}
          />
        </FormField>
        <FormField label="Amount off ($)" constraintText="In dollars, capped at the cart total. Used when the percentage is 0." errorText={errors.amount}>
          <Input
            type="number"
            inputMode="decimal"
            step={0.01}
            value={values.amount}
            onChange={({ detail }) => set("amount", detail.value)}
            placeholder="0.00"
            invalid={!!errors.amount}
          />
        </FormField>
      </SpaceBetween>
    </FormModal>
  );
}
