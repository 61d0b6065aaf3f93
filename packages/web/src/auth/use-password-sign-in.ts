import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useRuntimeConfig } from "../config/config-context";
import { homeAfterSignIn } from "./access";
import { currentUserQuery } from "./current-user";
import { loadAmplify } from "./load-amplify";
import { signInErrorMessage } from "./login-error";

/** Signed in, or the account exists (the password was right) but its email was never confirmed. */
type Outcome = "signedIn" | "unconfirmed";

async function passwordSignIn(username: string, password: string): Promise<Outcome> {
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
  // Cognito's UserNotConfirmedException, which Amplify turns into this step.
  if (result.nextStep.signInStep === "CONFIRM_SIGN_UP") return "unconfirmed";
  if (!result.isSignedIn) throw new Error("Login failed");
  return "signedIn";
}

export interface Unconfirmed {
  email: string;
  password: string;
}

/**
 * Signs in with Cognito, asks the server who that is, and goes back to `returnTo` (the page that asked for a
 * sign-in) or that user's first page. An unconfirmed account is handed back as `unconfirmed`, for the code step.
 */
export function usePasswordSignIn({ name, returnTo }: { name: "email" | "username"; returnTo?: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { userPoolId, userPoolClientId } = useRuntimeConfig();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [unconfirmed, setUnconfirmed] = useState<Unconfirmed>();

  async function submit(username: string, password: string): Promise<void> {
    if (!userPoolId || !userPoolClientId) {
      // A build served without its runtime config (e.g. `vite preview`): Amplify would only say it is not configured.
      setError("Sign-in is not available on this site right now.");
      return;
    }
    setBusy(true);
    setError(undefined);
    const login = name === "email" ? username.trim().toLowerCase() : username.trim();
    try {
      if ((await passwordSignIn(login, password)) === "unconfirmed") {
        setUnconfirmed({ email: login, password });
        setBusy(false);
        return;
      }
    } catch (failure) {
      setError(signInErrorMessage(failure, name));
      setBusy(false);
      return;
    }
    const user = await queryClient.fetchQuery(currentUserQuery).catch(() => null);
    navigate(returnTo ?? homeAfterSignIn(user), { replace: true });
  }

  return { submit, busy, error, unconfirmed, clearUnconfirmed: () => setUnconfirmed(undefined) };
}
