type ToastVariant = "default" | "destructive";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds on screen; the spec's default is 5000. */
  duration?: number;
}

interface Toast extends Required<Omit<ToastInput, "description">> {
  id: number;
  description?: string;
}

const defaultToastDuration = 5000;

type Listener = () => void;

/**
 * One toast at a time: a new one replaces the current one. Kept outside React
 * so code without a component (the query client's error handler) can toast.
 */
export function createToastStore() {
  let current: Toast | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let nextId = 1;
  // Screens other than the toast viewport showing the current toast (the console's Flashbar).
  let displays = 0;
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((listener) => listener());

  function dismiss(id?: number): void {
    if (!current || (id !== undefined && current.id !== id)) return;
    clearTimeout(timer);
    current = null;
    emit();
  }

  function show(input: ToastInput): number {
    clearTimeout(timer);
    const toast: Toast = {
      id: nextId++,
      title: input.title,
      description: input.description,
      variant: input.variant ?? "default",
      duration: input.duration ?? defaultToastDuration,
    };
    current = toast;
    timer = setTimeout(() => dismiss(toast.id), toast.duration);
    emit();
    return toast.id;
  }

  return {
    show,
    dismiss,
    current: () => current,
    /** True while another screen (the console's Flashbar) shows the toasts in the viewport's place. */
    shownElsewhere: () => displays > 0,
    /** Takes over showing the toasts until the returned function is called. */
    showElsewhere(): () => void {
      displays++;
      emit();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        displays--;
        emit();
      };
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

/** The app's store. */
export const toasts = createToastStore();
export const toast = toasts.show;
