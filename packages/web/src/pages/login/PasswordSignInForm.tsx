import { useId, useState, type Ref } from "react";

interface Props {
  title: string;
  /** The name field: a staff username or a customer's email. */
  nameLabel: string;
  nameType: "text" | "email";
  busy: boolean;
  error?: string;
  onSubmit: (name: string, password: string) => void;
  nameRef?: Ref<HTMLInputElement>;
  /** 'Forgot password?' under the form (the customer's), with the name typed so far. */
  onForgot?: (name: string) => void;
  /** The name to start with (signing in again as the person the page knows). */
  initialName?: string;
}

/** A name and password; the button stays disabled until both are filled. */
export function PasswordSignInForm({ title, nameLabel, nameType, busy, error, onSubmit, nameRef, onForgot, initialName = "" }: Props) {
  const id = useId();
  const [name, setName] = useState(initialName);
  const [password, setPassword] = useState("");
  const complete = name.trim() !== "" && password !== "";

  return (
    <form
      className="signin-form"
      aria-label={title}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (complete && !busy) onSubmit(name, password);
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-name`}>{nameLabel}</label>
        <input
          ref={nameRef}
          id={`${id}-name`}
          name="username"
          type={nameType}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={name}
          onChange={(event) => setName(event.target.value)}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-password`}>Password</label>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      {error && (
        <p id={`${id}-error`} className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={!complete || busy}>
        {busy ? "Signing in..." : "Sign In"}
      </button>
      {onForgot && (
        <button type="button" className="link-button signup-back" onClick={() => onForgot(name)}>
          Forgot password?
        </button>
      )}
    </form>
  );
}
