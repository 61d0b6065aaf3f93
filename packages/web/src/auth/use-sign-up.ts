import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useRuntimeConfig } from "../config/config-context";
import { updateCurrentUser } from "../data/account";
import { homeAfterSignIn } from "./access";
import { currentUserQuery, currentUserQueryKey } from "./current-user";
import { loadAmplify } from "./load-amplify";
import { loginErrorMessage } from "./login-error";

export interface NewAccount {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/**
 * A customer creates an account with an email and password: Cognito sign-up,
 * the emailed confirmation code, then sign-in. The names go to the server too,
 * since an ID token need not carry them.
 */
export function useSignUp() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { userPoolId, userPoolClientId } = useRuntimeConfig();
  const [account, setAccount] = useState<NewAccount>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function run(step: () => Promise<void>) {
    if (!userPoolId || !userPoolClientId) {
      setError("Sign-up is not available on this site right now.");
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await step();
    } catch (failure) {
      setError(loginErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  async function finish(details: NewAccount) {
    const { signIn } = await loadAmplify();
    const result = await signIn({ username: details.email, password: details.password, options: { authFlowType: "USER_PASSWORD_AUTH" } });
    if (!result.isSignedIn) throw new Error("Login failed");
    let user = await queryClient.fetchQuery(currentUserQuery);
    if (user && (!user.firstName || !user.lastName)) {
      user = await updateCurrentUser({ firstName: details.firstName, lastName: details.lastName });
      queryClient.setQueryData(currentUserQueryKey, user);
    }
    navigate(homeAfterSignIn(user), { replace: true });
  }

  const start = (details: NewAccount) =>
    run(async () => {
      const email = details.email.trim().toLowerCase();
      const trimmed = { ...details, email, firstName: details.firstName.trim(), lastName: details.lastName.trim() };
      const { signUp } = await loadAmplify();
      const result = await signUp({
        username: email,
        password: details.password,
        options: { userAttributes: { email, given_name: trimmed.firstName, family_name: trimmed.lastName } },
      });
      if (result.isSignUpComplete) await finish(trimmed);
      else setAccount(trimmed);
    });

  const confirm = (code: string) =>
    run(async () => {
      if (!account) return;
      const { confirmSignUp } = await loadAmplify();
      await confirmSignUp({ username: account.email, confirmationCode: code.trim() });
      await finish(account);
    });

  return { start, confirm, account, busy, error, reset: () => setAccount(undefined) };
}
