import Box from "@cloudscape-design/components/box";
import Button from "@cloudscape-design/components/button";
import Form from "@cloudscape-design/components/form";
import Modal, { type ModalProps } from "@cloudscape-design/components/modal";
import SpaceBetween from "@cloudscape-design/components/space-between";
import type { FormEvent, ReactNode } from "react";

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
      </form>
    </Modal>
  );
}
