import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useRuntimeConfig } from "../config/config-context";
import { homeAfterSignIn } from "./access";
import { currentUserQuery } from "./current-user";
import { loadAmplify } from "./load-amplify";
import { loginErrorMessage, signInErrorMessage } from "./login-error";

/**
 * Signed in; or the account exists (the password was right) but its email was never confirmed; or the password
 * was a temporary one (an account an admin made: `npm run stage:setup`, the Cognito console) and the pool asks for
 * a new one before it gives tokens.
 */
type Outcome = "signedIn" | "unconfirmed" | "newPasswordRequired";

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
  // Cognito's NEW_PASSWORD_REQUIRED challenge: Amplify keeps the sign-in open for confirmSignIn.
  if (result.nextStep.signInStep === "CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED") return "newPasswordRequired";
  if (!result.isSignedIn) throw new Error("Login failed");
  return "signedIn";
}

/** Answers the open sign-in's NEW_PASSWORD_REQUIRED challenge with the person's own password. */
async function setNewPassword(newPassword: string): Promise<void> {
  const { confirmSignIn } = await loadAmplify();
  const result = await confirmSignIn({ challengeResponse: newPassword });
  if (!result.isSignedIn) throw new Error("Login failed");
}

export interface Unconfirmed {
  email: string;
  password: string;
}

/**
 * Signs in with Cognito, asks the server who that is, and goes back to `returnTo` (the page that asked for a
 * sign-in) or that user's first page. An unconfirmed account is handed back as `unconfirmed`, for the code step;
 * one on a temporary password as `newPasswordFor`, for the new-password step (`submitNewPassword`).
 */
export function usePasswordSignIn({ name, returnTo }: { name: "email" | "username"; returnTo?: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { userPoolId, userPoolClientId } = useRuntimeConfig();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [unconfirmed, setUnconfirmed] = useState<Unconfirmed>();
  /** The username whose temporary password was right: the form asks for a new one. */
  const [newPasswordFor, setNewPasswordFor] = useState<string>();

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
      const outcome = await passwordSignIn(login, password);
      if (outcome !== "signedIn") {
        if (outcome === "unconfirmed") setUnconfirmed({ email: login, password });
        else setNewPasswordFor(login);
        setBusy(false);
        return;
      }
    } catch (failure) {
      setError(signInErrorMessage(failure, name));
      setBusy(false);
      return;
    }
    await landAfterSignIn();
  }

  async function submitNewPassword(newPassword: string): Promise<void> {
    setBusy(true);
    setError(undefined);
    try {
      await setNewPassword(newPassword);
    } catch (failure) {
      // The pool's own words: a password its policy refuses, or a temporary password that expired.
      setError(loginErrorMessage(failure));
      setBusy(false);
      return;
    }
    await landAfterSignIn();
  }

  async function landAfterSignIn(): Promise<void> {
    const user = await queryClient.fetchQuery(currentUserQuery).catch(() => null);
    navigate(returnTo ?? homeAfterSignIn(user), { replace: true });
  }

  return {
    submit,
    submitNewPassword,
    busy,
    error,
    unconfirmed,
    clearUnconfirmed: () => setUnconfirmed(undefined),
    newPasswordFor,
    /** Back to the sign-in form (the challenge's session is left to expire). */
    cancelNewPassword: () => {
      setNewPasswordFor(undefined);
      setError(undefined);
    },
  };
}
