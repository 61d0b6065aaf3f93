import { useId, useState } from "react";
import { NewPasswordFields, newPasswordProblem } from "./NewPasswordFields";

interface Props {
  username: string;
  busy: boolean;
  /** The pool's refusal (its policy, an expired temporary password). */
  error?: string;
  onSubmit: (newPassword: string) => void;
  onCancel: () => void;
}

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
  const errorId = error ? `${id}-error` : undefined;

  return (
    <form
      className="signin-form"
      aria-label="Choose a new password"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!complete || busy) return;
        const refused = newPasswordProblem(password, repeat);
        setProblem(refused);
        if (!refused) onSubmit(password);
      }}
    >
      <p className="signin-notice">
        Welcome, {username}. Your account has a temporary password: choose a password of your own to finish signing in.
      </p>
      {/* For password managers: the account the new password belongs to. */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <NewPasswordFields id={id} password={password} repeat={repeat} onPassword={setPassword} onRepeat={setRepeat} problem={problem} errorId={errorId} autoFocus />
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
