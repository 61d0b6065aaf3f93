import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useRuntimeConfig } from "../config/config-context";
import { homeAfterSignIn } from "./access";
import { currentUserQuery } from "./current-user";
import { loadAmplify } from "./load-amplify";
import { loginErrorMessage } from "./login-error";

async function passwordSignIn(username: string, password: string): Promise<void> {
  const { signIn, signOut } = await loadAmplify();
  // cognito-local speaks USER_PASSWORD_AUTH only, not Amplify's default SRP.
  const attempt = () => signIn({ username, password, options: { authFlowType: "USER_PASSWORD_AUTH" } });
  let result;
  try {
    result = await attempt();
  } catch (error) {
    // Amplify still holds a session the server no longer accepts (that is why the form is shown): replace it.
    if (!(error instanceof Error && error.name === "UserAlreadyAuthenticatedException")) throw error;
    await signOut();
    result = await attempt();
  }
  if (!result.isSignedIn) throw new Error("Login failed");
}

/** Signs in with Cognito, asks the server who that is, and goes to that user's first page. */
export function usePasswordSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { userPoolId, userPoolClientId } = useRuntimeConfig();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function submit(username: string, password: string): Promise<void> {
    if (!userPoolId || !userPoolClientId) {
      // A build served without its runtime config (e.g. `vite preview`): Amplify would only say it is not configured.
      setError("Sign-in is not available on this site right now.");
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await passwordSignIn(username.trim(), password);
    } catch (failure) {
      setError(loginErrorMessage(failure));
      setBusy(false);
      return;
    }
    const user = await queryClient.fetchQuery(currentUserQuery).catch(() => null);
    navigate(homeAfterSignIn(user), { replace: true });
  }

  return { submit, busy, error };
}
