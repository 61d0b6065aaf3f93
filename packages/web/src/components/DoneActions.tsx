/** The actions of a dialog that only shows something: one Done button, focused when the dialog opens, that closes it. */
export function DoneActions({ onClose }: { onClose: () => void }) {
  return (
    <div className="dialog-actions">
      <button type="button" className="btn btn-primary" onClick={onClose} data-autofocus>
        Done
      </button>
    </div>
  );
}
