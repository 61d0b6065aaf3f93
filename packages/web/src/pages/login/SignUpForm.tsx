import { useId, useState } from "react";
import { useSignUp } from "../../auth/use-sign-up";

/** 'Create an account': names, email and password, then the confirmation code sent by email. */
export function SignUpForm() {
  const id = useId();
  const signUp = useSignUp();
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

  if (signUp.account) {
    return (
      <form
        className="signin-form"
        aria-label="Confirm your email"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (code.trim() && !signUp.busy) void signUp.confirm(code);
        }}
      >
        <p>
          We sent a confirmation code to <strong>{signUp.account.email}</strong>. Enter it to finish creating your account.
        </p>
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
        {error}
        <button type="submit" className="btn btn-primary btn-block" disabled={!code.trim() || signUp.busy}>
          {signUp.busy ? "Confirming..." : "Confirm and Sign In"}
        </button>
        <button type="button" className="link-button signup-back" onClick={signUp.reset}>
          Use a different email
        </button>
      </form>
    );
  }

  return (
    <form
      className="signin-form"
      aria-label="Create an account"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (complete && !signUp.busy) void signUp.start(fields);
      }}
    >
      <div className="name-fields">
        <div className="field">
          <label htmlFor={`${id}-first`}>First name</label>
          <input id={`${id}-first`} autoComplete="given-name" maxLength={50} value={fields.firstName} onChange={(e) => set("firstName", e.target.value)} autoFocus />
        </div>
        <div className="field">
          <label htmlFor={`${id}-last`}>Last name</label>
          <input id={`${id}-last`} autoComplete="family-name" maxLength={50} value={fields.lastName} onChange={(e) => set("lastName", e.target.value)} />
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-email`}>Email</label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          value={fields.email}
          onChange={(e) => set("email", e.target.value)}
          aria-describedby={errorId}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-password`}>Password</label>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete="new-password"
          value={fields.password}
          onChange={(e) => set("password", e.target.value)}
          aria-describedby={`${id}-password-hint${errorId ? ` ${errorId}` : ""}`}
        />
        <span id={`${id}-password-hint`} className="field-hint">
          At least 8 characters, with upper and lower case letters and a number.
        </span>
      </div>
      {error}
      <button type="submit" className="btn btn-primary btn-block" disabled={!complete || signUp.busy}>
        {signUp.busy ? "Creating account..." : "Create Account"}
      </button>
    </form>
  );
}
