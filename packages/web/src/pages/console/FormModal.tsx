import Box from "@cloudscape-design/components/box";
import Button from "@cloudscape-design/components/button";
import Form from "@cloudscape-design/components/form";
import Modal, { type ModalProps } from "@cloudscape-design/components/modal";
import SpaceBetween from "@cloudscape-design/components/space-between";
import { useEffect, useRef, type FormEvent, type ReactNode } from "react";

interface Props {
  title: string;
  /** The primary button's text: Create Customer, Save Changes... */
  submitLabel: string;
  busy: boolean;
  /** The server's refusal, shown in the form above its buttons. */
  refusal?: string;
  size?: ModalProps.Size;
  onDismiss: () => void;
  onSubmit: (event?: FormEvent) => void;
  children: ReactNode;
}

/**
 * The console's dialog around a form (customers, promotions, products): Cancel and the primary action in the
 * footer, the form named by its title, Enter in a field submits, the server's refusal in the form.
 */
export function FormModal({ title, submitLabel, busy, refusal, size, onDismiss, onSubmit, children }: Props) {
  // The refusal sits under the last field: brought into sight, or a long form scrolled to its top hides it.
  const end = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (refusal) end.current?.scrollIntoView({ block: "nearest" });
  }, [refusal]);
  return (
    <Modal
      visible
      size={size}
      onDismiss={onDismiss}
      header={title}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>
              Cancel
            </Button>
            <Button variant="primary" loading={busy} onClick={() => onSubmit()}>
              {submitLabel}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit(event);
        }}
        aria-label={title}
        noValidate
      >
        <Form errorText={refusal}>
          {children}
          {/* Enter in a field submits the dialog. */}
          <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
        </Form>
        <span ref={end} />
      </form>
    </Modal>
  );
}
