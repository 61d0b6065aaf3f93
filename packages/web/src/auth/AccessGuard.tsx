import { useEffect, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { ErrorScreen } from "../components/ErrorScreen";
import { LoadingSpinner } from "../components/LoadingSpinner";
import { currentPath, goToServerLogin } from "../lib/navigation";
import { useToast } from "../toast/use-toast";
import type { RoleAccess } from "@regrip/core/shared/access";
import { RETURN_TO_PARAM } from "@regrip/core/shared/return-path";
import { accessDecision } from "./access";
import { useCurrentUser } from "./current-user";

const accessRedirectDelayMs = 1000;

/** Comfort only: the server checks every call again. */
export function AccessGuard({
  access,
  children,
  loginRedirectDelayMs = accessRedirectDelayMs,
}: {
  access: RoleAccess;
  children: ReactNode;
  /** My Grips waits 500 ms (the spec's delay for it); other pages 1 s. */
  loginRedirectDelayMs?: number;
}) {
  // `user` is undefined until the first answer, null when signed out; a failed refetch keeps the last answer.
  const { data: user, isError } = useCurrentUser();
  const navigate = useNavigate();
  const { toast } = useToast();
  const decision = user === undefined ? undefined : accessDecision(access, user);

  useEffect(() => {
    if (decision === "login") {
      toast({ title: "Login Required", description: "Please log in to access this page.", variant: "destructive" });
      // Back to this page after signing in (/api/login?returnTo=...).
      const returnTo = currentPath();
      const timer = setTimeout(() => goToServerLogin(returnTo), loginRedirectDelayMs);
      return () => clearTimeout(timer);
    }
    if (decision === "authenticator") {
      toast({ title: "Two-step sign-in required", description: "Set up an authenticator app to use staff tools.", variant: "destructive" });
      // The sign-in page sets the app up, then comes back here.
      const timer = setTimeout(() => navigate(`/login?${RETURN_TO_PARAM}=${encodeURIComponent(currentPath())}`, { replace: true }), accessRedirectDelayMs);
      return () => clearTimeout(timer);
    }
    if (decision === "deny") {
      toast({ title: "Access Denied", description: "You don't have permission to access this page.", variant: "destructive" });
      const timer = setTimeout(() => navigate("/", { replace: true }), accessRedirectDelayMs);
      return () => clearTimeout(timer);
    }
  }, [decision, navigate, toast, loginRedirectDelayMs]);

  if (decision === undefined && isError) return <ErrorScreen />;
  if (decision !== "allow") return <LoadingSpinner text="Checking authentication..." />;
  return children;
}
