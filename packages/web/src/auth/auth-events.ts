import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { onAuthEvent } from "./auth-bus";
import { currentUserQueryKey } from "./current-user";

const userChangingEvents = new Set(["signedIn", "signedOut", "signInWithRedirect", "tokenRefresh_failure"]);

/** Asks the server again who is signed in whenever Amplify's session changes (e.g. back from the hosted UI); Amplify's events arrive once it has loaded. */
export function useRefreshUserOnAuthEvents(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onAuthEvent((event) => {
        if (userChangingEvents.has(event)) void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      }),
    [queryClient],
  );
}
