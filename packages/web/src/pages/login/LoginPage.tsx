import { useEffect, useRef, useState } from "react";
import { Navigate } from "react-router";
import { useCurrentUser } from "../../auth/current-user";
import { loadAmplify } from "../../auth/load-amplify";
import { loginErrorMessage } from "../../auth/login-error";
import { usePasswordSignIn } from "../../auth/use-password-sign-in";
import { LoadingSpinner } from "../../components/LoadingSpinner";
import { useRuntimeConfig } from "../../config/config-context";
import { usePageMeta } from "../../lib/page-meta";
import "../../styles/login.css";
import { PasswordSignInForm } from "./PasswordSignInForm";
import { SignUpForm } from "./SignUpForm";

export default function LoginPage() {
  usePageMeta("Sign In", "Sign in to Regrip to book a regrip and follow your paddles. Shop staff sign in here too.");
  const { oauthDomain } = useRuntimeConfig();
  const { data: user, isPending } = useCurrentUser();
  const admin = usePasswordSignIn();
  const customer = usePasswordSignIn();
  const [customerFormShown, setCustomerFormShown] = useState(false);
  const [signUpShown, setSignUpShown] = useState(false);
  const [providerError, setProviderError] = useState<string>();
  const customerEmail = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (customerFormShown) customerEmail.current?.focus();
  }, [customerFormShown]);

  // A sign-in (or sign-up) in progress navigates by itself, to the page for that user's role.
  if (user && !admin.busy && !customer.busy && !signUpShown) return <Navigate to="/booking" replace />;
  if (isPending) return <LoadingSpinner />;

  async function signInWithProvider() {
    if (!oauthDomain) {
      // One machine has no hosted UI: customers sign in with the form instead.
      setCustomerFormShown(true);
      return;
    }
    setProviderError(undefined);
    try {
      const { signInWithRedirect } = await loadAmplify();
      await signInWithRedirect();
    } catch (error) {
      setProviderError(loginErrorMessage(error));
    }
  }

  return (
    <div className="login-page">
      <h1>Sign in to Regrip</h1>
      <div className="login-panels">
        <section className="panel" aria-labelledby="customer-signin-title">
          <h2 id="customer-signin-title">Customers</h2>
          <p>Book a regrip, manage your paddles and follow your orders.</p>
          <button
            type="button"
            className="btn btn-provider btn-block"
            aria-expanded={oauthDomain ? undefined : customerFormShown}
            aria-controls={oauthDomain ? undefined : "customer-signin"}
            onClick={signInWithProvider}
          >
            {oauthDomain ? "Sign in with Google, Apple, GitHub or email" : "Sign in with email"}
          </button>
          {providerError && (
            <p className="form-error" role="alert">
              {providerError}
            </p>
          )}
          <div id="customer-signin" hidden={!customerFormShown}>
            {customerFormShown && (
              <PasswordSignInForm
                title="Customer sign-in"
                nameLabel="Email"
                nameType="email"
                nameRef={customerEmail}
                busy={customer.busy}
                error={customer.error}
                onSubmit={customer.submit}
              />
            )}
          </div>
          <div className="signup">
            <p className="signup-lead">New to Regrip?</p>
            <button
              type="button"
              className="btn btn-outline btn-block"
              aria-expanded={signUpShown}
              aria-controls="customer-signup"
              onClick={() => setSignUpShown((shown) => !shown)}
            >
              Create an account
            </button>
            <div id="customer-signup" hidden={!signUpShown}>
              {signUpShown && <SignUpForm />}
            </div>
          </div>
        </section>
        <section className="panel" aria-labelledby="admin-signin-title">
          <h2 id="admin-signin-title">Admin</h2>
          <p>Shop staff and admins sign in with their username.</p>
          <PasswordSignInForm
            title="Admin sign-in"
            nameLabel="Username"
            nameType="text"
            busy={admin.busy}
            error={admin.error}
            onSubmit={admin.submit}
          />
        </section>
      </div>
    </div>
  );
}
