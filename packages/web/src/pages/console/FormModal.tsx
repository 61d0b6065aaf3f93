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
      closeAriaLabel="Close"
      header={title}
      footer={<ModalActions primary={submitLabel} busy={busy} onCancel={onDismiss} onPrimary={() => onSubmit()} />}
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

/** A dialog's footer: a way back (Cancel) and the one thing it does, busy while that runs. */
function ModalActions({ primary, cancel = "Cancel", busy, holdCancel, onCancel, onPrimary }: {
  primary: string;
  cancel?: string;
  busy: boolean;
  /** Cancel waits while the action runs (a send or a delete under way cannot be walked away from half done). */
  holdCancel?: boolean;
  onCancel: () => void;
  onPrimary: () => void;
}) {
  return (
    <Box float="right">
      <SpaceBetween direction="horizontal" size="xs">
        <Button variant="link" disabled={holdCancel && busy} onClick={onCancel}>
          {cancel}
        </Button>
        <Button variant="primary" loading={busy} onClick={onPrimary}>
          {primary}
        </Button>
      </SpaceBetween>
    </Box>
  );
}

/**
 * The console's dialog that asks before it acts (delete a product or a promotion, send a bulk text, create an
 * order): what will happen in its body, Cancel and the action in the footer. While the action runs the dialog
 * stays: neither Cancel nor Escape closes it half done.
 */
export function ConfirmModal({ header, confirm, cancel, busy, size, onCancel, onConfirm, children }: {
  header: string;
  /** The action's button: Delete, Send... */
  confirm: string;
  cancel?: string;
  busy: boolean;
  size?: ModalProps.Size;
  onCancel: () => void;
  onConfirm: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      visible
      size={size}
      header={header}
      closeAriaLabel="Close"
      onDismiss={() => !busy && onCancel()}
      footer={<ModalActions primary={confirm} cancel={cancel} busy={busy} holdCancel onCancel={onCancel} onPrimary={onConfirm} />}
    >
      {children}
    </Modal>
  );
}
