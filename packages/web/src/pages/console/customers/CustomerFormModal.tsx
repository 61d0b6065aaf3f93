import { FormModal } from "../FormModal";
import Alert from "@cloudscape-design/components/alert";
import Box from "@cloudscape-design/components/box";
import Button from "@cloudscape-design/components/button";
import FormField from "@cloudscape-design/components/form-field";
import Input from "@cloudscape-design/components/input";
import SpaceBetween from "@cloudscape-design/components/space-between";
import { CustomerForm, customerName, StorefrontCustomerForm, type CustomerView } from "@regrip/core/shared/customers";
import { fieldErrors, type FieldErrors } from "@regrip/core/shared/forms";
import { displayPhone, formatPhoneInput } from "@regrip/core/shared/phone";
import { useState, type FormEvent } from "react";
import * as z from "zod/mini";
import { serverMessage } from "../../../lib/api-error";
import { useToast } from "../../../toast/use-toast";
import { createCustomer, patchCustomer, phoneOnFile, updateCustomer } from "./customers-api";

type Fields = "firstName" | "lastName" | "phone" | "email";
type Values = Record<Fields, string>;

interface Props {
  /**
   * create: Create New Customer (POST /api/admin/customers). edit: the queue's Edit Customer, the whole record
   * (PUT /api/admin/customers/{id}: an emptied phone or email is cleared). storefront-edit: the counter's Edit
   * Customer, the phone required to text the payment link (PATCH /api/customers/{id}).
   */
  mode: "create" | "edit" | "storefront-edit";
  customer?: CustomerView;
  /** Text typed in the search, offered as the first name (or the email or phone) of a new customer. */
  seed?: string;
  onDismiss: () => void;
  onSaved: (customer: CustomerView) => void;
  /**
   * Create only: "Use this customer" on the customer already on file with the phone typed, chosen as a pick
   * from the search would choose them (onSaved when not given).
   */
  onChoose?: (customer: CustomerView) => void;
}

function initialValues(customer: CustomerView | undefined, seed: string | undefined): Values {
  if (customer) {
    return {
      firstName: customer.firstName ?? "",
      lastName: customer.lastName ?? "",
      phone: displayPhone(customer.phone),
      email: customer.email ?? "",
    };
  }
  const text = seed?.trim() ?? "";
  if (text.includes("@")) return { firstName: "", lastName: "", phone: "", email: text };
  if (/^[\d\s()+.-]+$/.test(text) && /\d{3}/.test(text)) return { firstName: "", lastName: "", phone: formatPhoneInput(text), email: "" };
  const [first = "", ...rest] = text.split(/\s+/);
  return { firstName: first, lastName: rest.join(" "), phone: "", email: "" };
}

/**
 * The console's one customer dialog: each field checked with the server's own schema, its message under the field;
 * the server's refusal (an email in use) shows in the form and as a toast. A phone already on another customer
 * (409 with that customer) shows them: on a create, "Use this customer" or "Create another with this phone"
 * (families share phones); on an edit, "Save with this phone anyway".
 */
export function CustomerFormModal({ mode, customer, seed, onDismiss, onSaved, onChoose = onSaved }: Props) {
  const { toast } = useToast();
  const schema = mode === "storefront-edit" ? StorefrontCustomerForm : CustomerForm;
  const [values, setValues] = useState<Values>(() => initialValues(customer, seed));
  const [errors, setErrors] = useState<FieldErrors<Fields>>({});
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const [onFile, setOnFile] = useState<{ message: string; customer: CustomerView }>();
  const title = mode === "create" ? "Create New Customer" : "Edit Customer";

  function set(field: Fields, value: string) {
    const next = { ...values, [field]: field === "phone" ? formatPhoneInput(value) : value };
    setValues(next);
    if (field === "phone") setOnFile(undefined);
    if (touched) setErrors(fieldErrors(schema, next));
  }

  async function submit(event?: FormEvent, allowSharedPhone = false) {
    event?.preventDefault();
    setTouched(true);
    const found = fieldErrors(schema, values);
    setErrors(found);
    setRefusal(undefined);
    setOnFile(undefined);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const saved =
        mode === "create"
          ? await createCustomer(z.parse(CustomerForm, values), { allowSharedPhone })
          : mode === "edit"
            ? await updateCustomer(customer!.id, z.parse(CustomerForm, values), { allowSharedPhone })
            : await patchCustomer(customer!.id, z.parse(StorefrontCustomerForm, values), { allowSharedPhone });
      toast({ title: mode === "create" ? "Customer Created" : "Customer Updated", description: `${saved.firstName ?? ""} ${saved.lastName ?? ""}`.trim() });
      onSaved(saved);
    } catch (error) {
      const existing = phoneOnFile(error);
      if (existing) {
        // Not a failure: staff choose the customer on file or confirm a second one with this phone.
        setOnFile({ message: serverMessage(error) ?? "A customer with this phone is already on file", customer: existing.existingCustomer });
        return;
      }
      const message = serverMessage(error) ?? (mode === "create" ? "Failed to create customer" : "Failed to update customer");
      setRefusal(message);
      toast({ title: mode === "create" ? "Customer Creation Failed" : "Error", description: message, variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  const field = (name: Fields, label: string, props: { type?: "email" | "text"; inputMode?: "tel" | "email" | "text"; placeholder?: string; description?: string } = {}) => (
    <FormField label={label} errorText={errors[name]} description={props.description}>
      <Input
        value={values[name]}
        onChange={({ detail }) => set(name, detail.value)}
        type={props.type ?? "text"}
        inputMode={props.inputMode}
        placeholder={props.placeholder}
        ariaRequired={name === "firstName" || name === "lastName" || (name === "phone" && mode === "storefront-edit")}
        autoComplete={false}
        invalid={!!errors[name]}
      />
    </FormField>
  );

  return (
    <FormModal title={title} submitLabel={mode === "create" ? "Create Customer" : "Save Changes"} busy={busy} refusal={refusal} onDismiss={onDismiss} onSubmit={(event) => void submit(event)}>
      <SpaceBetween size="m">
        {field("firstName", "First name")}
        {field("lastName", "Last name")}
        {field("phone", mode === "storefront-edit" ? "Phone" : "Phone (optional)", { inputMode: "tel", placeholder: "+1 (303) 555-0142" })}
        {field("email", "Email (optional)", { type: "email", inputMode: "email", placeholder: "name@example.com" })}
        {onFile && (
          <Alert type="warning" header={onFile.message}>
            <SpaceBetween size="s">
              {/* The message names them; their phone and email say it is the same family. */}
              <Box variant="small" display="block">
                {[customerName(onFile.customer), displayPhone(onFile.customer.phone), onFile.customer.email].filter(Boolean).join(" · ")}
              </Box>
              <SpaceBetween direction="horizontal" size="xs">
                {mode === "create" && (
                  <Button variant="primary" disabled={busy} onClick={() => onChoose(onFile.customer)}>
                    Use this customer
                  </Button>
                )}
                <Button disabled={busy} onClick={() => void submit(undefined, true)}>
                  {mode === "create" ? "Create another with this phone" : "Save with this phone anyway"}
                </Button>
              </SpaceBetween>
            </SpaceBetween>
          </Alert>
        )}
      </SpaceBetween>
    </FormModal>
  );
}
