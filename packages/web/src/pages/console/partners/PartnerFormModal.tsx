import ColumnLayout from "@cloudscape-design/components/column-layout";
import FormField from "@cloudscape-design/components/form-field";
import Input, { type InputProps } from "@cloudscape-design/components/input";
import SpaceBetween from "@cloudscape-design/components/space-between";
import Textarea from "@cloudscape-design/components/textarea";
import Toggle from "@cloudscape-design/components/toggle";
import type { PartnerAdminView } from "@regrip/core/shared/schedule";
import { useMutation } from "@tanstack/react-query";
import { isUnauthorizedError } from "../../../lib/api";
import { serverMessage } from "../../../lib/api-error";
import { useToast } from "../../../toast/use-toast";
import { FormModal } from "../FormModal";
import { useFieldForm } from "../use-field-form";
import { partnerBody, partnerFormErrors, partnerFormValues, partnerRefusalField, type PartnerField, type PartnerFormValues } from "./partner-form";
import { createPartner, updatePartner } from "./partners-api";

interface Props {
  /** The partner to edit; none to add one. */
  partner?: PartnerAdminView;
  onDismiss: () => void;
  onSaved: (partner: PartnerAdminView) => void;
}

/**
 * Add Partner and Edit Partner: the dialog's checks under their fields as soon as Save was tried, and the server's
 * refusal (a key another partner has, a bad email or link) under the field it names, or above the buttons.
 * The location key is set once, on create: orders and events name the partner by it.
 */
export function PartnerFormModal({ partner, onDismiss, onSaved }: Props) {
  const { toast } = useToast();
  const creating = !partner;
  const form = useFieldForm<PartnerFormValues, PartnerField>(() => partnerFormValues(partner), (values) => partnerFormErrors(values, creating));
  const { values, set, errorOf } = form;
  const title = creating ? "Add Partner" : "Edit Partner";

  const save = useMutation({
    mutationFn: () => {
      const body = partnerBody(values, creating);
      return partner ? updatePartner(partner.locationKey, body) : createPartner(body);
    },
    onSuccess: (saved) => {
      toast({ title: creating ? "Partner Added" : "Partner Updated", description: saved.name });
      onSaved(saved);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      const message = serverMessage(error) ?? (creating ? "Failed to add partner" : "Failed to update partner");
      form.refuse(message, partnerRefusalField(message));
      toast({ title: creating ? "Failed to add partner" : "Failed to update partner", description: message, variant: "destructive" });
    },
  });

  const text = (key: PartnerField, label: string, props: { constraint?: string; required?: boolean; placeholder?: string; type?: InputProps.Type; inputMode?: InputProps.InputMode; disabled?: boolean } = {}) => (
    <FormField label={label} errorText={errorOf(key)} constraintText={props.constraint}>
      <Input
        value={values[key]}
        onChange={({ detail }) => set(key, key === "locationKey" ? detail.value.toLowerCase() : detail.value)}
        type={props.type}
        inputMode={props.inputMode}
        placeholder={props.placeholder}
        ariaRequired={props.required}
        disabled={props.disabled}
        invalid={!!errorOf(key)}
        autoComplete={false}
      />
    </FormField>
  );

  return (
    <FormModal
      title={title}
      submitLabel={creating ? "Add Partner" : "Save Changes"}
      busy={save.isPending}
      refusal={form.refusal}
      size="large"
      onDismiss={onDismiss}
      onSubmit={form.submit(() => save.mutate())}
    >
      <SpaceBetween size="m">
        <ColumnLayout columns={2}>
          {text("name", "Club name", { required: true, placeholder: "Denver Pickleball Club" })}
          {text("locationKey", "Location key", {
            required: creating,
            disabled: !creating,
            placeholder: "denver-pickleball",
            constraint: creating ? "Unique, set once: orders and events name the club by it." : "Set when the partner was added.",
          })}
          {text("address", "Address", { placeholder: "1234 Court St, Denver, CO 80202" })}
          {text("phone", "Phone", { inputMode: "tel" })}
          {text("email", "Email", { type: "email" })}
          {text("contactPerson", "Contact person")}
          {text("websiteUrl", "Website", { type: "url", placeholder: "https://" })}
          {text("mapsUrl", "Maps link", { type: "url", placeholder: "https://maps.google.com/..." })}
        </ColumnLayout>
        <FormField label="Notes" errorText={errorOf("notes")}>
          <Textarea value={values.notes} onChange={({ detail }) => set("notes", detail.value)} rows={2} invalid={!!errorOf("notes")} />
        </FormField>
        <FormField label="Status" description="An inactive club is no longer offered to customers.">
          <Toggle checked={values.isActive} onChange={({ detail }) => set("isActive", detail.checked)}>
            Active
          </Toggle>
        </FormField>
      </SpaceBetween>
    </FormModal>
  );
}
