import Box from "@cloudscape-design/components/box";
import Button from "@cloudscape-design/components/button";
import Form from "@cloudscape-design/components/form";
import FormField from "@cloudscape-design/components/form-field";
import Input from "@cloudscape-design/components/input";
import Modal from "@cloudscape-design/components/modal";
import SpaceBetween from "@cloudscape-design/components/space-between";
import { CustomerForm, type CustomerView } from "@regrip/core/shared/customers";
import { fieldErrors, type FieldErrors } from "@regrip/core/shared/forms";
import { displayPhone, formatPhoneInput, PHONE_INPUT_MAX_LENGTH } from "@regrip/core/shared/phone";
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import * as z from "zod/mini";
import { serverMessage } from "../../lib/api-error";
import { useToast } from "../../toast/use-toast";
import { createCustomer, updateCustomer } from "./console-api";

type Fields = { firstName: string; lastName: string; phone: string; email: string };

function initialFields(customer: CustomerView | undefined): Fields {
  return {
    firstName: customer?.firstName ?? "",
    lastName: customer?.lastName ?? "",
    phone: displayPhone(customer?.phone),
    email: customer?.email ?? "",
  };
}

/**
 * Create New Customer, or Edit Customer when given one. The fields are checked with the server's own schema
 * (CustomerForm) and its message shows under the field; the server's refusal (e.g. an email in use) shows in the form.
 */
export function CustomerDialog({
  customer,
  onClose,
  onSaved,
}: {
  customer?: CustomerView;
  onClose: () => void;
  onSaved: (customer: CustomerView) => void;
}) {
  const editing = !!customer;
  const [fields, setFields] = useState<Fields>(() => initialFields(customer));
  const [errors, setErrors] = useState<FieldErrors<keyof Fields>>({});
  const [formError, setFormError] = useState<string>();
  const { toast } = useToast();
  const save = useMutation({
    mutationFn: (form: CustomerForm) => (customer ? updateCustomer(customer.id, form) : createCustomer(form)),
    onSuccess: (saved) => {
      toast({ title: editing ? "Customer Updated" : "Customer Created" });
      onSaved(saved);
    },
    onError: (error) => {
      const message = serverMessage(error) ?? (editing ? "Failed to update customer" : "Failed to create customer");
      setFormError(message);
      toast({ title: "Error", description: message, variant: "destructive" });
    },
  });

  const set = (name: keyof Fields) => (value: string) => {
    setFields((current) => ({ ...current, [name]: name === "phone" ? formatPhoneInput(value) : value }));
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  function submit(event?: FormEvent) {
    event?.preventDefault();
    const found = fieldErrors(CustomerForm, fields);
    setErrors(found);
    setFormError(undefined);
    if (Object.keys(found).length > 0) return;
    save.mutate(z.parse(CustomerForm, fields));
  }

  const title = editing ? "Edit Customer" : "Create New Customer";
  return (
    <Modal
      visible
      onDismiss={onClose}
      header={title}
      closeAriaLabel="Close"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose}>
              Cancel
            </Button>
            <Button variant="primary" loading={save.isPending} onClick={() => submit()}>
              {editing ? "Save Changes" : "Create Customer"}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form onSubmit={submit} aria-label={title} noValidate>
        <Form errorText={formError}>
          <SpaceBetween size="m">
            <FormField label="First name" errorText={errors.firstName}>
              <Input value={fields.firstName} onChange={({ detail }) => set("firstName")(detail.value)} autoComplete="off" />
            </FormField>
            <FormField label="Last name" errorText={errors.lastName}>
              <Input value={fields.lastName} onChange={({ detail }) => set("lastName")(detail.value)} autoComplete="off" />
            </FormField>
            <FormField label="Phone" description="Optional. A US number, 10 digits." errorText={errors.phone}>
              <Input
                value={fields.phone}
                inputMode="tel"
                onChange={({ detail }) => set("phone")(detail.value.slice(0, PHONE_INPUT_MAX_LENGTH))}
                placeholder="+1 (303) 555-0142"
                autoComplete="off"
              />
            </FormField>
            <FormField label="Email" description="Optional." errorText={errors.email}>
              <Input value={fields.email} type="email" onChange={({ detail }) => set("email")(detail.value)} autoComplete="off" />
            </FormField>
          </SpaceBetween>
        </Form>
        {/* Enter in a field submits. */}
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
