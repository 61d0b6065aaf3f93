import { passwordPolicyHint, signUpPasswordProblem } from "@regrip/core/shared/accounts";
import { useId, useState } from "react";

interface Props {
  username: string;
  busy: boolean;
  /** The pool's refusal (its policy, an expired temporary password). */
  error?: string;
  onSubmit: (newPassword: string) => void;
  onCancel: () => void;
}

const PASSWORDS_DIFFER = "The two passwords are not the same.";

/**
 * The first sign-in of an account an admin made (npm run stage:setup, the Cognito console): its temporary password
 * was right, and the pool asks for a password of the person's own before it signs them in. The pool's policy is
 * checked here first, in Cognito's words, as on the sign-up form.
 */
export function NewPasswordForm({ username, busy, error, onSubmit, onCancel }: Props) {
  const id = useId();
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [problem, setProblem] = useState<string>();
  const complete = password !== "" && repeat !== "";
  const problemId = problem ? `${id}-problem` : undefined;
  const errorId = error ? `${id}-error` : undefined;

  return (
    <form
      className="signin-form"
      aria-label="Choose a new password"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!complete || busy) return;
        const refused = signUpPasswordProblem(password) ?? (password === repeat ? undefined : PASSWORDS_DIFFER);
        setProblem(refused);
        if (!refused) onSubmit(password);
      }}
    >
      <p className="signin-notice">
        Welcome, {username}. Your account has a temporary password: choose a password of your own to finish signing in.
      </p>
      {/* For password managers: the account the new password belongs to. */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <div className="field">
        <label htmlFor={`${id}-password`}>New password</label>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={[`${id}-hint`, problemId, errorId].filter(Boolean).join(" ")}
          autoFocus
        />
        <span id={`${id}-hint`} className="field-hint">
          {passwordPolicyHint()}
        </span>
      </div>
      <div className="field">
        <label htmlFor={`${id}-repeat`}>Repeat the new password</label>
        <input
          id={`${id}-repeat`}
          type="password"
          autoComplete="new-password"
          value={repeat}
          onChange={(event) => setRepeat(event.target.value)}
          aria-invalid={problem === PASSWORDS_DIFFER ? true : undefined}
          aria-describedby={[problemId, errorId].filter(Boolean).join(" ") || undefined}
        />
        {problem && (
          <span id={problemId} className="field-error" role="alert">
            {problem}
          </span>
        )}
      </div>
      {error && (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={!complete || busy}>
        {busy ? "Signing in..." : "Set Password and Sign In"}
      </button>
      <button type="button" className="link-button signup-back" onClick={onCancel}>
        Back to sign-in
      </button>
    </form>
  );
}
