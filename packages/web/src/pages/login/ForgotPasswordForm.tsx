import { useId, useState } from "react";
import { loadAmplify } from "../../auth/load-amplify";
import { loginErrorMessage } from "../../auth/login-error";
import { Email } from "../../components/Email";
import { EmailField, TextField } from "../../components/TextField";
import { NewPasswordFields, newPasswordProblem } from "./NewPasswordFields";

interface Props {
  /** The email typed on the sign-in form, if any. */
  email: string;
  /** The new password is set: sign in with it. */
  onReset: (email: string, password: string) => void;
  onCancel: () => void;
}

/**
 * 'Forgot password?': the pool emails a reset code (Cognito's ForgotPassword; on one machine, the email outbox), then
 * the code and a new password the pool's policy accepts (checked here first, in Cognito's words) set it, and the
 * customer is signed in with it.
 */
export function ForgotPasswordForm({ email: typed, onReset, onCancel }: Props) {
  const id = useId();
  const [email, setEmail] = useState(typed);
  const [sentTo, setSentTo] = useState<string>();
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [problem, setProblem] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const errorId = error ? `${id}-error` : undefined;

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(undefined);
    try {
      await work();
    } catch (failure) {
      setError(loginErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  const sendCode = () =>
    run(async () => {
      const login = email.trim().toLowerCase();
      const { resetPassword } = await loadAmplify();
      await resetPassword({ username: login });
      setSentTo(login);
      setCode("");
    });

  const errorLine = error && (
    <p id={errorId} className="form-error" role="alert">
      {error}
    </p>
  );
  const back = (
    <button type="button" className="link-button signup-back" onClick={onCancel}>
      Back to sign-in
    </button>
  );

  if (!sentTo) {
    return (
      <form
        className="signin-form"
        aria-label="Reset your password"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (email.trim() && !busy) void sendCode();
        }}
      >
        <p className="signin-notice">Enter your account's email. We will email you a code to choose a new password.</p>
        <EmailField id={`${id}-email`} value={email} onChange={(e) => setEmail(e.target.value)} aria-describedby={errorId} autoCapitalize="none" spellCheck={false} autoFocus />
        {errorLine}
        <button type="submit" className="btn btn-primary btn-block" disabled={!email.trim() || busy}>
          {busy ? "Sending..." : "Email Me a Code"}
        </button>
        {back}
      </form>
    );
  }

  return (
    <form
      className="signin-form"
      aria-label="Choose a new password"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!code.trim() || !password || !repeat || busy) return;
        const refused = newPasswordProblem(password, repeat);
        setProblem(refused);
        if (refused) return;
        void run(async () => {
          const { confirmResetPassword } = await loadAmplify();
          await confirmResetPassword({ username: sentTo, confirmationCode: code.trim(), newPassword: password });
          onReset(sentTo, password);
        });
      }}
    >
      <p className="signin-notice">
        If <strong>
          <Email address={sentTo} />
        </strong>{" "}
        has an account, we emailed it a code. Enter it with a new password.
      </p>
      <input type="text" name="username" autoComplete="username" value={sentTo} readOnly hidden />
      <TextField id={`${id}-code`} label="Reset code" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} aria-describedby={errorId} autoFocus />
      <NewPasswordFields id={id} password={password} repeat={repeat} onPassword={setPassword} onRepeat={setRepeat} problem={problem} errorId={errorId} />
      {errorLine}
      <button type="submit" className="btn btn-primary btn-block" disabled={!code.trim() || !password || !repeat || busy}>
        {busy ? "Working..." : "Set Password and Sign In"}
      </button>
      <button type="button" className="btn btn-outline btn-block" disabled={busy} onClick={() => void sendCode()}>
        Send a new code
      </button>
      {back}
    </form>
  );
}
