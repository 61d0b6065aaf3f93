import { RETURN_TO_PARAM, safeReturnPath } from "@regrip/core/shared/return-path";
import { useEffect, useRef, useState } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { homeAfterSignIn } from "../../auth/access";
import { displayName } from "../../auth/roles";
import { useCurrentUser } from "../../auth/current-user";
import { loadAmplify } from "../../auth/load-amplify";
import { loginErrorMessage } from "../../auth/login-error";
import { keepReturnPath } from "../../auth/return-path";
import { usePasswordSignIn } from "../../auth/use-password-sign-in";
import { pendingSignUp } from "../../auth/use-sign-up";
import { LoadingSpinner } from "../../components/LoadingSpinner";
import { useRuntimeConfig } from "../../config/config-context";
import { usePageMeta } from "../../lib/page-meta";
import "../../styles/login.css";
import { AuthenticatorSetup } from "../../components/AuthenticatorSetup";
import { AuthenticatorCodeForm } from "./AuthenticatorCodeForm";
import { ForgotPasswordForm } from "./ForgotPasswordForm";
import { NewPasswordForm } from "./NewPasswordForm";
import { PasswordSignInForm } from "./PasswordSignInForm";
import { SignUpForm } from "./SignUpForm";

export default function LoginPage() {
  usePageMeta("Sign In", "Sign in to Regrip to book a regrip and follow your paddles. Shop staff sign in here too.");
  const { oauthDomain } = useRuntimeConfig();
  const { data: user, isPending } = useCurrentUser();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // The page that sent the visitor here (`/login?returnTo=/orders/...`): only a path on this site.
  const returnTo = safeReturnPath(params.get(RETURN_TO_PARAM));
  const admin = usePasswordSignIn({ name: "username", returnTo });
  const customer = usePasswordSignIn({ name: "email", returnTo });
  // The header's 'Sign in' opens the customer form (`/login?signin=1`).
  const [customerFormShown, setCustomerFormShown] = useState(params.get("signin") === "1");
  /** 'Forgot password?' was chosen, with the email typed so far. */
  const [forgotEmail, setForgotEmail] = useState<string>();
  // The header's 'Sign Up' opens the sign-up form (`/login?signup=1`); sign-in finding an unconfirmed account does too.
  // A reload during the sign-up's code step opens it again (pendingSignUp: this tab's, without the password).
  const [signUpShown, setSignUpShown] = useState(() => params.get("signup") === "1" || !!pendingSignUp());
  const [providerError, setProviderError] = useState<string>();
  const customerEmail = useRef<HTMLInputElement>(null);
  const signUpSection = useRef<HTMLDivElement>(null);
  const { unconfirmed, clearUnconfirmed } = customer;

  useEffect(() => {
    if (customerFormShown) customerEmail.current?.focus();
  }, [customerFormShown]);

  useEffect(() => {
    if (unconfirmed) setSignUpShown(true);
  }, [unconfirmed]);

  useEffect(() => {
    if (signUpShown && params.get("signup") === "1") signUpSection.current?.scrollIntoView({ block: "start" });
  }, [signUpShown, params]);

  // Staff signed in without an authenticator app (just now, or earlier and sent back here by a staff page).
  const setupFor = admin.setupFor ?? customer.setupFor ?? (user?.authenticatorRequired ? (user.email ?? displayName(user)) : undefined);
  if (setupFor) {
    return (
      <div className="login-page">
        <h1>Set up two-step sign-in</h1>
        <section className="panel login-single" aria-labelledby="authenticator-title">
          <h2 id="authenticator-title">Authenticator app</h2>
          <AuthenticatorSetup
            accountName={setupFor}
            intro="Staff accounts can refund, read customers' details and text them, so they sign in with a code from an authenticator app as well as a password. Set it up once; you will enter its code each time you sign in."
            submitLabel="Turn On and Continue"
            onDone={(customer.setupFor ? customer : admin).finishSetup}
            onCancel={() => navigate("/logout")}
            cancelLabel="Sign out"
          />
        </section>
      </div>
    );
  }
  // A sign-in (or sign-up) in progress navigates by itself, to the page asked for or the one for that user's role.
  if (user && !admin.busy && !customer.busy && !signUpShown) return <Navigate to={returnTo ?? homeAfterSignIn(user)} replace />;
  if (isPending) return <LoadingSpinner />;

  const showSignIn = () => {
    clearUnconfirmed();
    setSignUpShown(false);
    setCustomerFormShown(true);
  };

  async function signInWithProvider() {
    if (!oauthDomain) {
      // One machine has no hosted UI: customers sign in with the form instead.
      setCustomerFormShown(true);
      return;
    }
    setProviderError(undefined);
    try {
      const { signInWithRedirect } = await loadAmplify();
      // Cognito comes back to the home page: main.tsx goes on to `returnTo` from there.
      keepReturnPath(returnTo);
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
          <div id="customer-signin" hidden={!customerFormShown || !!unconfirmed}>
            {customerFormShown && !unconfirmed && customer.newPasswordFor && (
              <NewPasswordForm
                username={customer.newPasswordFor}
                busy={customer.busy}
                error={customer.error}
                onSubmit={customer.submitNewPassword}
                onCancel={customer.cancelNewPassword}
              />
            )}
            {customerFormShown && !unconfirmed && customer.codeFor && (
              <AuthenticatorCodeForm
                username={customer.codeFor}
                busy={customer.busy}
                error={customer.error}
                onSubmit={customer.submitCode}
                onCancel={customer.cancelNewPassword}
              />
            )}
            {customerFormShown && !unconfirmed && forgotEmail !== undefined && (
              <ForgotPasswordForm
                email={forgotEmail}
                onReset={(email, password) => {
                  setForgotEmail(undefined);
                  void customer.submit(email, password);
                }}
                onCancel={() => setForgotEmail(undefined)}
              />
            )}
            {customerFormShown && !unconfirmed && forgotEmail === undefined && !customer.newPasswordFor && !customer.codeFor && (
              <PasswordSignInForm
                title="Customer sign-in"
                nameLabel="Email"
                nameType="email"
                nameRef={customerEmail}
                busy={customer.busy}
                error={customer.error}
                onSubmit={customer.submit}
                onForgot={(email) => setForgotEmail(email)}
              />
            )}
          </div>
          <div className="signup" ref={signUpSection}>
            {unconfirmed ? (
              <p className="signup-lead">Confirm your email</p>
            ) : signUpShown ? (
              // Open: no toggle above the form. Clicked on the code step, it folded the form away and lost the step.
              <p className="signup-lead">Create your account</p>
            ) : (
              <>
                <p className="signup-lead">New to Regrip?</p>
                <button
                  type="button"
                  className="btn btn-outline btn-block"
                  aria-expanded={false}
                  aria-controls="customer-signup"
                  onClick={() => setSignUpShown(true)}
                >
                  Create an account
                </button>
              </>
            )}
            <div id="customer-signup" hidden={!signUpShown}>
              {signUpShown && <SignUpForm returnTo={returnTo} resume={unconfirmed} onSignIn={showSignIn} />}
            </div>
          </div>
        </section>
        <section className="panel" aria-labelledby="admin-signin-title">
          <h2 id="admin-signin-title">Admin</h2>
          <p>Shop staff and admins sign in with their username.</p>
          {admin.codeFor ? (
            <AuthenticatorCodeForm
              username={admin.codeFor}
              busy={admin.busy}
              error={admin.error}
              onSubmit={admin.submitCode}
              onCancel={admin.cancelNewPassword}
            />
          ) : admin.newPasswordFor ? (
            <NewPasswordForm
              username={admin.newPasswordFor}
              busy={admin.busy}
              error={admin.error}
              onSubmit={admin.submitNewPassword}
              onCancel={admin.cancelNewPassword}
            />
          ) : (
            <PasswordSignInForm
              title="Admin sign-in"
              nameLabel="Username"
              nameType="text"
              busy={admin.busy}
              error={admin.error}
              onSubmit={admin.submit}
            />
          )}
        </section>
      </div>
    </div>
  );
}
