import { AUTHENTICATOR_CODE_SHAPE, authenticatorCodeOf } from "@regrip/core/shared/accounts";
import { useId, useState } from "react";
import { AuthenticatorCodeField } from "../../components/AuthenticatorSetup";

interface Props {
  username: string;
  busy: boolean;
  /** The pool's refusal: a wrong or old code, a step left open too long. */
  error?: string;
  onSubmit: (code: string) => void;
  onCancel: () => void;
}

/** The second step of a sign-in with an authenticator app: its current 6-digit code. */
export function AuthenticatorCodeForm({ username, busy, error, onSubmit, onCancel }: Props) {
  const id = useId();
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string>();

  return (
    <form
      className="signin-form"
      aria-label="Two-step sign-in"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (busy) return;
        const typed = authenticatorCodeOf(code);
        setProblem(typed ? undefined : AUTHENTICATOR_CODE_SHAPE);
        if (typed) onSubmit(typed);
      }}
    >
      <p className="signin-notice">{username}: open your authenticator app and enter the code it shows for Regrip.</p>
      <AuthenticatorCodeField id={id} value={code} onChange={setCode} problem={problem} error={error} />
      <button type="submit" className="btn btn-primary btn-block" disabled={code.trim() === "" || busy}>
        {busy ? "Signing in..." : "Verify and Sign In"}
      </button>
      <button type="button" className="link-button signup-back" onClick={onCancel}>
        Back to sign-in
      </button>
    </form>
  );
}
