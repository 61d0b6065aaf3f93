import { passwordPolicyHint, signUpPasswordProblem } from "@regrip/core/shared/accounts";
import { TextField } from "../../components/TextField";

const PASSWORDS_DIFFER = "The two passwords are not the same.";

/** Why a new password typed twice is refused before it is sent: the pool's policy in Cognito's words, or a mismatch. */
export function newPasswordProblem(password: string, repeat: string): string | undefined {
  return signUpPasswordProblem(password) ?? (password === repeat ? undefined : PASSWORDS_DIFFER);
}

interface Props {
  /** The form's id: the fields are `<id>-password` and `<id>-repeat`. */
  id: string;
  password: string;
  repeat: string;
  onPassword: (value: string) => void;
  onRepeat: (value: string) => void;
  /** The form's own refusal (`newPasswordProblem`), under the repeat field. */
  problem?: string;
  /** The id of the pool's refusal under the form, when there is one. */
  errorId?: string;
  autoFocus?: boolean;
}

/**
 * A new password and its repeat, with the pool's policy as the hint: the first sign-in on a temporary password
 * and the forgotten password's reset choose one alike.
 */
export function NewPasswordFields({ id, password, repeat, onPassword, onRepeat, problem, errorId, autoFocus }: Props) {
  const problemId = problem ? `${id}-problem` : undefined;
  return (
    <>
      <TextField
        id={`${id}-password`}
        label="New password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => onPassword(event.target.value)}
        aria-invalid={problem && problem !== PASSWORDS_DIFFER ? true : undefined}
        aria-describedby={[`${id}-password-hint`, problemId, errorId].filter(Boolean).join(" ")}
        hint={passwordPolicyHint()}
        autoFocus={autoFocus}
      />
      <TextField
        id={`${id}-repeat`}
        label="Repeat the new password"
        type="password"
        autoComplete="new-password"
        value={repeat}
        onChange={(event) => onRepeat(event.target.value)}
        aria-invalid={problem === PASSWORDS_DIFFER ? true : undefined}
        aria-describedby={[problemId, errorId].filter(Boolean).join(" ") || undefined}
      >
        {problem && (
          <span id={problemId} className="field-error" role="alert">
            {problem}
          </span>
        )}
      </TextField>
    </>
  );
}
