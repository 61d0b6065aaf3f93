import { useSyncExternalStore, type ReactNode } from "react";
import { ToastContext } from "./toast-context";
import { toasts, type ToastStore } from "./toast-store";

/** Renders the current toast in a live region; children get `useToast()`. */
export function ToastProvider({ store = toasts, children }: { store?: ToastStore; children: ReactNode }) {
  const current = useSyncExternalStore(store.subscribe, store.current, store.current);
  // The staff console shows the same toasts in its Flashbar (one at a time, as here).
  const elsewhere = useSyncExternalStore(store.subscribe, store.shownElsewhere, store.shownElsewhere);
  return (
    <ToastContext.Provider value={store}>
      {children}
      <section className="toast-viewport" aria-label="Notifications">
        <div role="status" aria-live="polite" aria-atomic="true">
          {current && !elsewhere && (
            <div className={`toast toast-${current.variant}`} key={current.id}>
              <div className="toast-text">
                <p className="toast-title">{current.title}</p>
                {current.description && <p className="toast-description">{current.description}</p>}
              </div>
              <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={() => store.dismiss(current.id)}>
                ×
              </button>
            </div>
          )}
        </div>
      </section>
    </ToastContext.Provider>
  );
}
