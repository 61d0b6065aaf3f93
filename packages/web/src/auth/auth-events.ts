import { useQueryClient } from "@tanstack/react-query";
import { Hub } from "aws-amplify/utils";
import { useEffect } from "react";
import { currentUserQueryKey } from "./current-user";

const userChangingEvents = new Set(["signedIn", "signedOut", "signInWithRedirect", "tokenRefresh_failure"]);

/** Asks the server again who is signed in whenever Amplify's session changes (e.g. back from the hosted UI). */
export function useRefreshUserOnAuthEvents(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      Hub.listen("auth", ({ payload }) => {
        if (userChangingEvents.has(payload.event)) void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      }),
    [queryClient],
  );
}
