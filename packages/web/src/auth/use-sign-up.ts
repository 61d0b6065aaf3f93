import { signUpPasswordProblem } from "@regrip/core/shared/accounts";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useRuntimeConfig } from "../config/config-context";
import { updateCurrentUser } from "../data/account";
import { homeAfterSignIn } from "./access";
import { currentUserQuery, currentUserQueryKey } from "./current-user";
import { loadAmplify } from "./load-amplify";
import { loginErrorMessage, signInErrorMessage } from "./login-error";

export interface NewAccount {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** Where sign-up stands: the details form, an email that already has an account, the code step, or confirmed after a reload. */
export type SignUpStep = "details" | "exists" | "code" | "confirmed";

const PENDING_KEY = "regrip.sign-up-code";
type Pending = Omit<NewAccount, "password">;

/** The code step kept for this tab (sessionStorage), never the password: a reload finds it again. */
function keepPending(account?: NewAccount): void {
  try {
    if (account) sessionStorage.setItem(PENDING_KEY, JSON.stringify({ email: account.email, firstName: account.firstName, lastName: account.lastName } satisfies Pending));
    else sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // Storage switched off: a reload starts over, as before.
  }
}

/** The sign-up this tab left at its code step, if any. */
export function pendingSignUp(): Pending | undefined {
  try {
    const text = sessionStorage.getItem(PENDING_KEY);
    const pending = text ? (JSON.parse(text) as Pending) : undefined;
    return typeof pending?.email === "string" ? pending : undefined;
  } catch {
    return undefined;
  }
}

const ALREADY_CONFIRMED = "This account is already confirmed. Sign in with your email and password.";

/**
 * A customer creates an account with an email and password: Cognito sign-up, the emailed confirmation code,
 * then sign-in, then back to `returnTo` or the first page. The names go to the server too, since an ID token
 * need not carry them. An account left before its code can ask for a new one and confirm later: from here
 * (signing up again with the same email) or from sign-in (`resume`).
 */
export function useSignUp(returnTo?: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { userPoolId, userPoolClientId } = useRuntimeConfig();
  const [account, setAccount] = useState<NewAccount>();
  const [step, setStep] = useState<SignUpStep>("details");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  /** Under the password field: the pool's policy refusing it, in Cognito's words. */
  const [passwordError, setPasswordError] = useState<string>();
  /** What was just done, said politely (a new code went out). */
  const [notice, setNotice] = useState<string>();

  async function run(work: () => Promise<void>) {
    if (!userPoolId || !userPoolClientId) {
      setError("Sign-up is not available on this site right now.");
      return;
    }
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      await work();
    } catch (failure) {
      setError(loginErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  async function finish(details: NewAccount) {
    const { signIn } = await loadAmplify();
    let result;
    try {
      result = await signIn({ username: details.email, password: details.password, options: { authFlowType: "USER_PASSWORD_AUTH" } });
    } catch (failure) {
      // Confirmed with a code, but this password is not the one chosen when the account was first made.
      if (signInErrorMessage(failure, "email") !== loginErrorMessage(failure)) {
        throw new Error("Your email is confirmed. Sign in with the password you chose when you first signed up.");
      }
      throw failure;
    }
    if (!result.isSignedIn) throw new Error("Login failed");
    let user = await queryClient.fetchQuery(currentUserQuery);
    if (user && (!user.firstName || !user.lastName)) {
      let { firstName, lastName } = details;
      if (!firstName || !lastName) {
        // Confirmed from sign-in: the names were given at sign-up and are on the Cognito user.
        const attributes = await (await loadAmplify()).fetchUserAttributes().catch(() => ({}) as Record<string, string | undefined>);
        firstName ||= attributes.given_name ?? "";
        lastName ||= attributes.family_name ?? "";
      }
      if (firstName && lastName) {
        user = await updateCurrentUser({ firstName, lastName });
        queryClient.setQueryData(currentUserQueryKey, user);
      }
    }
    navigate(returnTo ?? homeAfterSignIn(user), { replace: true });
  }

  const start = (details: NewAccount) => {
    const problem = signUpPasswordProblem(details.password);
    setPasswordError(problem);
    if (problem) return Promise.resolve();
    return run(async () => {
      const email = details.email.trim().toLowerCase();
      const trimmed = { ...details, email, firstName: details.firstName.trim(), lastName: details.lastName.trim() };
      setAccount(trimmed);
      const { signUp } = await loadAmplify();
      try {
        const result = await signUp({
          username: email,
          password: details.password,
          options: { userAttributes: { email, given_name: trimmed.firstName, family_name: trimmed.lastName } },
        });
        if (result.isSignUpComplete) await finish(trimmed);
        else {
          keepPending(trimmed);
          setStep("code");
        }
      } catch (failure) {
        if (failure instanceof Error && failure.name === "UsernameExistsException") return setStep("exists");
        if (failure instanceof Error && failure.name === "InvalidPasswordException") return setPasswordError(failure.message);
        throw failure;
      }
    });
  };

  /** A new code for the account's email (Amplify's resendSignUpCode); on to the code step. */
  const resend = () =>
    run(async () => {
      if (!account) return;
      const { resendSignUpCode } = await loadAmplify();
      try {
        await resendSignUpCode({ username: account.email });
      } catch (failure) {
        if (failure instanceof Error && /already confirmed/i.test(failure.message)) {
          setStep("exists");
          throw new Error(ALREADY_CONFIRMED);
        }
        throw failure;
      }
      if (!account.password) keepPending(account);
      setStep("code");
      setNotice(`We sent a new code to ${account.email}.`);
    });

  const confirm = (code: string) =>
    run(async () => {
      if (!account) return;
      const { confirmSignUp } = await loadAmplify();
      try {
        await confirmSignUp({ username: account.email, confirmationCode: code.trim() });
      } catch (failure) {
        // Confirmed meanwhile (another tab, or the code entered twice): sign in as usual.
        if (!(failure instanceof Error && /current status is confirmed/i.test(failure.message))) throw failure;
      }
      keepPending();
      // Back after a reload, the password is not kept: the person signs in with it.
      if (!account.password) return setStep("confirmed");
      await finish(account);
    });

  /** Sign-in found the account unconfirmed: straight to the code step, with the password just typed. */
  const resume = (email: string, password: string) => {
    setAccount({ email, password, firstName: "", lastName: "" });
    setStep("code");
    setError(undefined);
  };

  /** A reload found this tab's sign-up at its code step: back to it (without the password). */
  const restore = (pending: Pending) => {
    setAccount({ ...pending, password: "" });
    setStep("code");
  };

  const reset = () => {
    keepPending();
    setAccount(undefined);
    setStep("details");
    setError(undefined);
    setNotice(undefined);
  };

  return { start, resend, confirm, resume, restore, reset, account, step, busy, error, passwordError, notice };
}
