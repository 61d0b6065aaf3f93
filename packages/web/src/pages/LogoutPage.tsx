import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { currentUserQueryKey } from "../auth/current-user";
import { loadAmplify } from "../auth/load-amplify";
import { LoadingSpinner } from "../components/LoadingSpinner";
import { usePageMeta } from "../lib/page-meta";

/** Where GET /api/logout sends the browser: ends the Amplify session, forgets every cached answer, goes home. */
export default function LogoutPage() {
  usePageMeta("Signing out", "Signing you out of Regrip.");
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        const { signOut } = await loadAmplify();
        await signOut();
      } catch (error) {
        // Tokens stay in storage only if the revoke call failed; the cache is cleared regardless.
        console.warn("Sign-out failed", error);
      }
      queryClient.clear();
      queryClient.setQueryData(currentUserQueryKey, null);
      navigate("/", { replace: true });
    })();
  }, [navigate, queryClient]);

  return <LoadingSpinner text="Signing out..." />;
}
