import { useContext } from "react";
import { ToastContext } from "./toast-context";

export function useToast() {
  const store = useContext(ToastContext);
  return { toast: store.show, dismiss: store.dismiss };
}
