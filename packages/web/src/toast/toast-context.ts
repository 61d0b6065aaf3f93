import { createContext } from "react";
import { toasts, type ToastStore } from "./toast-store";

export const ToastContext = createContext<ToastStore>(toasts);
