import { AUTHENTICATOR_CODE_LENGTH, AUTHENTICATOR_CODE_SHAPE, authenticatorCodeOf } from "@regrip/core/shared/accounts";
import { useEffect, useId, useState } from "react";
import { beginAuthenticatorSetup, finishAuthenticatorSetup, type AuthenticatorSecret } from "../auth/authenticator";
import { authenticatorCodeError, loginErrorMessage } from "../auth/login-error";
import { loadChunk } from "../lib/load-chunk";
import "../styles/login.css";
import "../styles/authenticator.css";

interface FieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The form's own check (not 6 digits). */
  problem?: string;
  /** The pool's refusal. */
  error?: string;
}

/** The 6-digit code box: digits on a phone's keypad, and the code a phone offers from a text or an app filled in. */
export function AuthenticatorCodeField({ id, value, onChange, problem, error }: FieldProps) {
  const described = [problem && `${id}-problem`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-code`}>{AUTHENTICATOR_CODE_LENGTH}-digit code</label>
        <input
          id={`${id}-code`}
          name="code"
          className="authenticator-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={16}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={problem || error ? true : undefined}
          aria-describedby={described}
          autoFocus
        />
        {problem && (
          <span id={`${id}-problem`} className="field-error" role="alert">
            {problem}
          </span>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="form-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

/** The secret in groups of four, as an app's "enter a key" screen is easiest to type from. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, "$1 ").trim();

interface Props {
  /** The name the app lists the account under (the username, or a customer's email). */
  accountName: string;
  /** What the person is told first (why they are asked, on the sign-in page; what it does, on the profile). */
  intro: string;
  submitLabel: string;
  onDone: () => void | Promise<void>;
  onCancel?: () => void;
  cancelLabel?: string;
}

/**
 * Sets up an authenticator app: a QR code of the new secret (and the secret itself, for an app that cannot scan),
 * then the first code the app shows. The QR code's encoder is loaded only here.
 */
export function AuthenticatorSetup({ accountName, intro, submitLabel, onDone, onCancel, cancelLabel = "Cancel" }: Props) {
  const id = useId();
  const [setup, setSetup] = useState<AuthenticatorSecret>();
  const [qr, setQr] = useState<string>();
  const [loadError, setLoadError] = useState<string>();
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    beginAuthenticatorSetup(accountName)
      .then(async (secret) => {
        if (!live) return;
        setSetup(secret);
        const { renderSVG } = await loadChunk(() => import("uqr"));
        if (live) setQr(renderSVG(secret.uri, { border: 2 }));
      })
      .catch((failure: unknown) => live && setLoadError(loginErrorMessage(failure)));
    return () => {
      live = false;
    };
  }, [accountName]);

  return (
    <form
      className="signin-form authenticator-setup"
      aria-label="Set up two-step sign-in"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (busy || !setup) return;
        const typed = authenticatorCodeOf(code);
        setProblem(typed ? undefined : AUTHENTICATOR_CODE_SHAPE);
        if (!typed) return;
        setBusy(true);
        setError(undefined);
        try {
          await finishAuthenticatorSetup(typed);
        } catch (failure) {
          setError(authenticatorCodeError(failure));
          setBusy(false);
          return;
        }
        await onDone();
        setBusy(false);
      }}
    >
      <p className="signin-notice">{intro}</p>
      <ol className="authenticator-steps">
        <li>Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password, Authy...).</li>
        <li>Scan this QR code with it, or enter the key below by hand.</li>
        <li>Enter the {AUTHENTICATOR_CODE_LENGTH}-digit code the app shows.</li>
      </ol>
      {loadError && (
        <p className="form-error" role="alert">
          {loadError}
        </p>
      )}
      {setup ? (
        <>
          <div className="authenticator-qr" role="img" aria-label="QR code for your authenticator app" dangerouslySetInnerHTML={qr ? { __html: qr } : undefined} />
          <p className="authenticator-key">
            Key: <code aria-label="Key to enter by hand">{grouped(setup.secret)}</code>
          </p>
        </>
      ) : (
        !loadError && <p className="authenticator-wait">Preparing your key...</p>
      )}
      <AuthenticatorCodeField id={id} value={code} onChange={setCode} problem={problem} error={error} />
      <button type="submit" className="btn btn-primary btn-block" disabled={!setup || code.trim() === "" || busy}>
        {busy ? "Checking..." : submitLabel}
      </button>
      {onCancel && (
        <button type="button" className="link-button signup-back" onClick={onCancel}>
          {cancelLabel}
        </button>
      )}
    </form>
  );
}
