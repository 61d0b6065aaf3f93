import FormField from "@cloudscape-design/components/form-field";
import Textarea from "@cloudscape-design/components/textarea";
import { CUSTOMER_NOTES_MAX, CustomerNotes } from "@regrip/core/shared/customers";
import { fieldErrors } from "@regrip/core/shared/forms";
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { isUnauthorizedError } from "../../../lib/api";
import { serverMessage } from "../../../lib/api-error";
import { useToast } from "../../../toast/use-toast";
import { FormModal } from "../FormModal";
import { saveCustomerNotes } from "./customers-api";

/**
 * Staff's notes on a customer (the customer page's Edit notes): checked with the server's own schema, its words under
 * the field; the server's refusal in the form. Saving the same words again changes nothing (PUT is whole).
 */
export function NotesModal({ customerId, name, notes, onDismiss, onSaved }: {
  customerId: string;
  name: string;
  notes: string | null;
  onDismiss: () => void;
  onSaved: () => void;
}) {
  const { toast } = useToast();
  const [text, setText] = useState(notes ?? "");
  const [error, setError] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const save = useMutation({
    mutationFn: (value: string) => saveCustomerNotes(customerId, value),
    onSuccess: () => {
      toast({ title: "Notes Updated", description: `Notes on ${name} saved` });
      onSaved();
    },
    onError: (failure) => {
      if (isUnauthorizedError(failure)) return;
      setRefusal(serverMessage(failure) ?? "The notes could not be saved. Please try again.");
    },
  });

  function submit(event?: FormEvent) {
    event?.preventDefault();
    setRefusal(undefined);
    const found = fieldErrors(CustomerNotes, { notes: text }).notes;
    setError(found);
    if (!found) save.mutate(text);
  }

  return (
    <FormModal title={`Notes: ${name}`} submitLabel="Save Notes" busy={save.isPending} refusal={refusal} onDismiss={onDismiss} onSubmit={(event) => submit(event)}>
      <FormField label="Notes" description="For staff only: the customer never sees them." constraintText={`${text.length}/${CUSTOMER_NOTES_MAX}`} errorText={error}>
        <Textarea value={text} onChange={({ detail }) => setText(detail.value)} rows={5} placeholder="Grip likes, how to reach them, anything the next person should know" invalid={!!error} />
      </FormField>
    </FormModal>
  );
}
