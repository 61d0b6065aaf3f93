import { passwordPolicyHint } from "@regrip/core/shared/accounts";
import { NAME_MAX_LENGTH } from "@regrip/core/shared/names";
import { useEffect, useId, useState, type ReactNode } from "react";
import type { Unconfirmed } from "../../auth/use-password-sign-in";
import { pendingSignUp, useSignUp } from "../../auth/use-sign-up";
import { Email } from "../../components/Email";
import { EmailField, TextField } from "../../components/TextField";

interface Props {
  /** Where to go once signed in (the page that asked for a sign-in). */
  returnTo?: string;
  /** Sign-in found this account unconfirmed: start at the code step. */
  resume?: Unconfirmed;
  /** Show the customer sign-in form instead. */
  onSignIn: () => void;
}

/**
 * 'Create an account': names, email and password (the pool's policy checked here first, in Cognito's words),
 * then the confirmation code sent by email, with a way to ask for a new one. An email that already has an
 * account is offered a new code (it may be waiting for one) or sign-in, never a dead end.
 */
export function SignUpForm({ returnTo, resume, onSignIn }: Props) {
  const id = useId();
  const signUp = useSignUp(returnTo);
  const [fields, setFields] = useState({ firstName: "", lastName: "", email: "", password: "" });
  const [code, setCode] = useState("");
  const set = (key: keyof typeof fields, value: string) => setFields((f) => ({ ...f, [key]: value }));
  const complete = Object.values(fields).every((value) => value.trim() !== "");
  const errorId = signUp.error ? `${id}-error` : undefined;
  const error = signUp.error && (
    <p id={errorId} className="form-error" role="alert">
      {signUp.error}
    </p>
  );
  const notice = signUp.notice && (
    <p className="form-notice" role="status">
      {signUp.notice}
    </p>
  );
  const { resume: resumeSignUp, restore } = signUp;

  useEffect(() => {
    const pending = resume ? undefined : pendingSignUp();
    if (pending) restore(pending);
    // Once, when the form opens after a reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (resume) resumeSignUp(resume.email, resume.password);
    // Once per account handed over by sign-in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resume?.email, resume?.password]);

  if (signUp.step === "exists" && signUp.account) {
    return (
      <div className="signin-form" role="group" aria-labelledby={`${id}-exists`}>
        <p id={`${id}-exists`}>
          An account with <strong>
            <Email address={signUp.account.email} />
          </strong> already exists. If you never entered its confirmation code, we can
          send you a new one.
        </p>
        {error}
        <button type="button" className="btn btn-primary btn-block" disabled={signUp.busy} onClick={() => void signUp.resend()}>
          {signUp.busy ? "Sending..." : "Send a new code"}
        </button>
        <button type="button" className="btn btn-outline btn-block" onClick={onSignIn}>
          Sign in instead
        </button>
        <button type="button" className="link-button signup-back" onClick={signUp.reset}>
          Use a different email
        </button>
      </div>
    );
  }

  if (signUp.step === "confirmed" && signUp.account) {
    return (
      <div className="signin-form" role="group" aria-labelledby={`${id}-confirmed`}>
        <p id={`${id}-confirmed`} role="status">
          Your email <strong>
            <Email address={signUp.account.email} />
          </strong> is confirmed. Sign in with the password you chose.
        </p>
        <button type="button" className="btn btn-primary btn-block" onClick={onSignIn}>
          Sign In
        </button>
      </div>
    );
  }

  if (signUp.step === "code" && signUp.account) {
    return (
      <StepForm
        label="Confirm your email"
        onSubmit={() => {
          if (code.trim() && !signUp.busy) void signUp.confirm(code);
        }}
      >
        {resume ? (
          <p>
            Your account isn't confirmed yet. Enter the code we emailed to <strong>
            <Email address={signUp.account.email} />
          </strong>, or ask for a new one.
          </p>
        ) : (
          <p>
            We sent a confirmation code to <strong>
            <Email address={signUp.account.email} />
          </strong>. Enter it to finish creating your account.
          </p>
        )}
        <div className="field">
          <label htmlFor={`${id}-code`}>Confirmation code</label>
          <input
            id={`${id}-code`}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            aria-describedby={errorId}
            autoFocus
          />
        </div>
        {notice}
        {error}
        <button type="submit" className="btn btn-primary btn-block" disabled={!code.trim() || signUp.busy}>
          {signUp.busy ? "Working..." : signUp.account.password ? "Confirm and Sign In" : "Confirm"}
        </button>
        <button type="button" className="btn btn-outline btn-block" disabled={signUp.busy} onClick={() => void signUp.resend()}>
          Send a new code
        </button>
        <button type="button" className="link-button signup-back" onClick={resume ? onSignIn : signUp.reset}>
          {resume ? "Back to sign-in" : "Use a different email"}
        </button>
      </StepForm>
    );
  }

  const passwordErrorId = signUp.passwordError ? `${id}-password-error` : undefined;
  return (
    <StepForm
      label="Create an account"
      onSubmit={() => {
        if (complete && !signUp.busy) void signUp.start(fields);
      }}
    >
      <div className="name-fields">
        <TextField
          id={`${id}-first`}
          label="First name"
          autoComplete="given-name"
          maxLength={NAME_MAX_LENGTH}
          value={fields.firstName}
          onChange={(e) => set("firstName", e.target.value)}
          autoFocus
        />
        <TextField id={`${id}-last`} label="Last name" autoComplete="family-name" maxLength={NAME_MAX_LENGTH} value={fields.lastName} onChange={(e) => set("lastName", e.target.value)} />
      </div>
      <EmailField id={`${id}-email`} value={fields.email} onChange={(e) => set("email", e.target.value)} aria-describedby={errorId} autoCapitalize="none" spellCheck={false} />
      <TextField
        id={`${id}-password`}
        label="Password"
        type="password"
        autoComplete="new-password"
        value={fields.password}
        onChange={(e) => set("password", e.target.value)}
        aria-invalid={signUp.passwordError ? true : undefined}
        aria-describedby={[`${id}-password-hint`, passwordErrorId, errorId].filter(Boolean).join(" ")}
        hint={passwordPolicyHint()}
      >
        {signUp.passwordError && (
          <span id={passwordErrorId} className="field-error" role="alert">
            {signUp.passwordError}
          </span>
        )}
      </TextField>
      {error}
      <button type="submit" className="btn btn-primary btn-block" disabled={!complete || signUp.busy}>
        {signUp.busy ? "Creating account..." : "Create Account"}
      </button>
    </StepForm>
  );
}

/** A step of the sign-up that is a form (the details, the code): the browser's own checks off, Enter submits. */
function StepForm({ label, onSubmit, children }: { label: string; onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      className="signin-form"
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
