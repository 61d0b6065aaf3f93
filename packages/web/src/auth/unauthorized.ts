import { currentPath, goToServerLogin } from "../lib/navigation";
import { toast } from "../toast/toast-store";

const unauthorizedRedirectDelayMs = 500;

/** A mutation hit 401 Unauthorized: the session is gone, so sign in again. */
export function handleUnauthorized(): void {
  toast({ title: "Unauthorized", description: "You are logged out. Logging in again...", variant: "destructive" });
  setTimeout(() => goToServerLogin(currentPath()), unauthorizedRedirectDelayMs);
}
