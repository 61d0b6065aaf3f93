import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useRuntimeConfig } from "../config/config-context";
import { homeAfterSignIn } from "./access";
import { currentUserQuery } from "./current-user";
import { loadAmplify } from "./load-amplify";
import { authenticatorCodeError, loginErrorMessage, signInErrorMessage } from "./login-error";

/**
 * Signed in; or the account exists (the password was right) but its email was never confirmed; or the password
 * was a temporary one (an account an admin made: `npm run stage:setup`, the Cognito console) and the pool asks for
 * a new one before it gives tokens; or the account has an authenticator app and the pool asks its code.
 */
type Outcome = "signedIn" | "unconfirmed" | "newPasswordRequired" | "authenticatorCode";

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
  return afterChallenge(result);
}

/** Where a sign-in stands once a step is answered: in, or asked for the authenticator app's code. */
function afterChallenge(result: { isSignedIn: boolean; nextStep: { signInStep: string } }): "signedIn" | "authenticatorCode" {
  // Cognito's SOFTWARE_TOKEN_MFA challenge: the account has an authenticator app.
  if (result.nextStep.signInStep === "CONFIRM_SIGN_IN_WITH_TOTP_CODE") return "authenticatorCode";
  if (!result.isSignedIn) throw new Error("Login failed");
  return "signedIn";
}

/** Answers the open sign-in's challenge: NEW_PASSWORD_REQUIRED with a password, SOFTWARE_TOKEN_MFA with a code. */
async function answerChallenge(response: string): Promise<"signedIn" | "authenticatorCode"> {
  const { confirmSignIn } = await loadAmplify();
  return afterChallenge(await confirmSignIn({ challengeResponse: response }));
}

export interface Unconfirmed {
  email: string;
  password: string;
}

/**
 * Signs in with Cognito, asks the server who that is, and goes back to `returnTo` (the page that asked for a
 * sign-in) or that user's first page. An unconfirmed account is handed back as `unconfirmed`, for the code step;
 * one on a temporary password as `newPasswordFor`, for the new-password step (`submitNewPassword`); one with an
 * authenticator app as `codeFor`, for its code (`submitCode`). Staff signed in without an authenticator app are
 * held as `setupFor` until they set one up (`finishSetup`): the server gives staff tools to no one without it.
 */
export function usePasswordSignIn({
  name,
  returnTo,
  onSignedIn,
}: {
  name: "email" | "username";
  returnTo?: string;
  /** Signed in again where the person is (a dialog over the page that found the session gone): called instead of leaving. */
  onSignedIn?: () => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { userPoolId, userPoolClientId } = useRuntimeConfig();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [unconfirmed, setUnconfirmed] = useState<Unconfirmed>();
  /** The username whose temporary password was right: the form asks for a new one. */
  const [newPasswordFor, setNewPasswordFor] = useState<string>();
  /** The username whose password was right and whose authenticator app's code the pool asks. */
  const [codeFor, setCodeFor] = useState<string>();
  /** The staff member signed in without an authenticator app: the page sets one up. */
  const [setupFor, setSetupFor] = useState<string>();

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
        else if (outcome === "authenticatorCode") setCodeFor(login);
        else setNewPasswordFor(login);
        setBusy(false);
        return;
      }
    } catch (failure) {
      setError(signInErrorMessage(failure, name));
      setBusy(false);
      return;
    }
    await landAfterSignIn(login);
  }

  /** Answers the open challenge (a new password, an authenticator code) and lands, or shows the pool's refusal. */
  async function answer(response: string, username: string, refused: (failure: unknown) => string): Promise<void> {
    setBusy(true);
    setError(undefined);
    try {
      if ((await answerChallenge(response)) === "authenticatorCode") {
        setNewPasswordFor(undefined);
        setCodeFor(username);
        setBusy(false);
        return;
      }
    } catch (failure) {
      setError(refused(failure));
      setBusy(false);
      return;
    }
    await landAfterSignIn(username);
  }

  async function landAfterSignIn(username?: string): Promise<void> {
    const user = await queryClient.fetchQuery(currentUserQuery).catch(() => null);
    if (user?.authenticatorRequired) {
      setCodeFor(undefined);
      setNewPasswordFor(undefined);
      setSetupFor(username ?? user.email ?? user.id);
      setBusy(false);
      return;
    }
    if (onSignedIn) {
      setBusy(false);
      onSignedIn();
      return;
    }
    navigate(returnTo ?? homeAfterSignIn(user), { replace: true });
  }

  return {
    submit,
    // The pool's own words: a password its policy refuses, or a temporary password that expired.
    submitNewPassword: (newPassword: string) => answer(newPassword, newPasswordFor ?? "", loginErrorMessage),
    submitCode: (code: string) => answer(code, codeFor ?? "", authenticatorCodeError),
    /** The authenticator app is set up (the tokens carry it now): on to the page asked for, or the staff's first. */
    finishSetup: async () => {
      await queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      await landAfterSignIn(setupFor);
    },
    codeFor,
    setupFor,
    busy,
    error,
    unconfirmed,
    clearUnconfirmed: () => setUnconfirmed(undefined),
    newPasswordFor,
    /** Back to the sign-in form (the challenge's session is left to expire). */
    cancelNewPassword: () => {
      setNewPasswordFor(undefined);
      setCodeFor(undefined);
      setError(undefined);
    },
  };
}
