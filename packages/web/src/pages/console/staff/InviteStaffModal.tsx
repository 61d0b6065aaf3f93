import FormField from "@cloudscape-design/components/form-field";
import Input from "@cloudscape-design/components/input";
import Select from "@cloudscape-design/components/select";
import SpaceBetween from "@cloudscape-design/components/space-between";
import { fieldErrors } from "@regrip/core/shared/forms";
import { STAFF_ROLE_WORDS, STAFF_ROLES, StaffInvite, staffName, type StaffInviteInput, type StaffRole, type StaffView } from "@regrip/core/shared/staff";
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { isUnauthorizedError } from "../../../lib/api";
import { failureMessage, serverMessage } from "../../../lib/api-error";
import { useToast } from "../../../toast/use-toast";
import { FormModal } from "../FormModal";
import { refusalField } from "../refusal-field";
import { inviteStaff } from "./staff-api";

type Field = keyof StaffInviteInput;
const INVITE_FAILED = "Could not invite the staff member";

/**
 * Invite a staff member: email, first and last name, role; each field checked with the server's own schema
 * (shared/staff.ts), its message under the field; the server's refusal (an email that already has an account) under
 * the email. The user pool emails them a temporary password.
 */
export function InviteStaffModal({ onDismiss, onInvited }: { onDismiss: () => void; onInvited: (person: StaffView) => void }) {
  const { toast } = useToast();
  const [values, setValues] = useState<{ email: string; firstName: string; lastName: string; role: StaffRole | "" }>({ email: "", firstName: "", lastName: "", role: "EMPLOYEE" });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [touched, setTouched] = useState(false);
  const [refusal, setRefusal] = useState<string>();

  const save = useMutation({
    mutationFn: inviteStaff,
    onSuccess: (person) => {
      toast({ title: "Staff member invited", description: `${staffName(person)} gets an email with a temporary password.` });
      onInvited(person);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      const message = serverMessage(error) ?? INVITE_FAILED;
      const field = refusalField<Field>(message, [
        ["email", /email/i],
        ["firstName", /first name/i],
        ["lastName", /last name/i],
        ["role", /role/i],
      ]);
      if (field) setErrors((found) => ({ ...found, [field]: message }));
      else setRefusal(message);
      toast({ title: INVITE_FAILED, description: failureMessage(error), variant: "destructive" });
    },
  });

  const set = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (touched) setErrors(fieldErrors(StaffInvite, next));
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setTouched(true);
    setRefusal(undefined);
    const found = fieldErrors(StaffInvite, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate({ ...values, email: values.email.trim().toLowerCase(), firstName: values.firstName.trim(), lastName: values.lastName.trim(), role: values.role as StaffRole });
  };

  const roleOptions = STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_WORDS[role], description: role === "ADMIN" ? "Everything, the business pages and the staff too" : "The queue, the counter, bags and messages" }));
  return (
    <FormModal title="Invite a staff member" submitLabel="Send Invitation" busy={save.isPending} refusal={refusal} onDismiss={onDismiss} onSubmit={submit}>
      <SpaceBetween size="m">
        <FormField label="Email" description="Their username; the invitation and its temporary password go here." errorText={errors.email}>
          <Input type="email" inputMode="email" autoComplete={false} value={values.email} onChange={({ detail }) => set("email", detail.value)} />
        </FormField>
        <FormField label="First name" errorText={errors.firstName}>
          <Input value={values.firstName} onChange={({ detail }) => set("firstName", detail.value)} />
        </FormField>
        <FormField label="Last name" errorText={errors.lastName}>
          <Input value={values.lastName} onChange={({ detail }) => set("lastName", detail.value)} />
        </FormField>
        <FormField label="Role" errorText={errors.role}>
          <Select
            selectedOption={roleOptions.find((option) => option.value === values.role) ?? null}
            options={roleOptions}
            onChange={({ detail }) => set("role", detail.selectedOption.value ?? "")}
            ariaLabel="Role"
          />
        </FormField>
      </SpaceBetween>
    </FormModal>
  );
}
