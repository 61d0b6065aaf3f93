/**
 * Accounts, as the browser shows them and the user pool enforces them: the pool's password policy (read by
 * infra/auth.ts for the Auth stack and cognito-local, by the sign-up form, and by the local stand-in that checks
 * what cognito-local does not), the one message for a refused sign-in, and the return path after signing in.
 * Browser-safe: no AWS imports.
 */

export interface PasswordPolicy {
  minLength: number;
  requireLowercase: boolean;
  requireUppercase: boolean;
  requireDigits: boolean;
  requireSymbols: boolean;
}

/** The user pool's password policy: the one place it is written. */
export const passwordPolicy = {
  minLength: 8,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: false,
} as const satisfies PasswordPolicy;

/** The characters Cognito counts as symbols (its password policy documentation), and the space. */
const symbols = new Set("^$*.[]{}()?\"!@#%&/\\,><':;|_~`=+- ");

/**
 * Why Cognito refuses `password` under `policy`, in Cognito's own words (SignUp's InvalidPasswordException),
 * or undefined when the policy accepts it. The first rule broken is the one told, length first, as Cognito does.
 */
export function passwordPolicyProblem(password: string, policy: PasswordPolicy = passwordPolicy): string | undefined {
  const refuse = (what: string) => `Password did not conform with policy: ${what}`;
  if ([...password].length < policy.minLength) return refuse("Password not long enough");
  if (policy.requireLowercase && !/\p{Ll}/u.test(password)) return refuse("Password must have lowercase characters");
  if (policy.requireUppercase && !/\p{Lu}/u.test(password)) return refuse("Password must have uppercase characters");
  if (policy.requireDigits && !/[0-9]/.test(password)) return refuse("Password must have numeric characters");
  if (policy.requireSymbols && ![...password].some((c) => symbols.has(c))) return refuse("Password must have symbol characters");
  return undefined;
}

/**
 * Cognito's limits on every password, whatever the pool's policy: at most 256 characters, and no space (or other
 * whitespace) at either end (SignUp's `Password` pattern). The cloud pool refuses such a password before its policy
 * with an InvalidParameterException in validation words no customer should read; cognito-local accepts it, so a
 * password that works on one machine would fail in the cloud. The form refuses it first in plain words, and the
 * local pool's gate as the cloud does (`PASSWORD_PATTERN_REFUSAL`).
 */
export const PASSWORD_MAX_LENGTH = 256;

/** Why Cognito would refuse `password` before looking at the policy, in words for the sign-up form, or undefined. */
export function passwordShapeProblem(password: string): string | undefined {
  if (password.length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (/^\s|\s$/u.test(password)) return "Password can't start or end with a space.";
  return undefined;
}

/** The cloud pool's own answer to such a password (InvalidParameterException), which the local gate gives too. */
export function passwordPatternRefusal(password: string): string | undefined {
  if (password.length > PASSWORD_MAX_LENGTH)
    return `1 validation error detected: Value at 'password' failed to satisfy constraint: Member must have length less than or equal to ${PASSWORD_MAX_LENGTH}`;
  if (/^\s|\s$/u.test(password))
    return "1 validation error detected: Value at 'password' failed to satisfy constraint: Member must satisfy regular expression pattern: ^[\\S]+.*[\\S]+$";
  return undefined;
}

/** What the sign-up form says of `password`: Cognito's limits first (as Cognito checks them), then the pool's policy. */
export function signUpPasswordProblem(password: string, policy: PasswordPolicy = passwordPolicy): string | undefined {
  return passwordShapeProblem(password) ?? passwordPolicyProblem(password, policy);
}

/** The sign-up form's hint, said from the policy: "At least 8 characters, with upper and lower case letters and a number." */
export function passwordPolicyHint(policy: PasswordPolicy = passwordPolicy): string {
  const cases =
    policy.requireUppercase && policy.requireLowercase
      ? "upper and lower case letters"
      : policy.requireUppercase
        ? "an upper case letter"
        : policy.requireLowercase
          ? "a lower case letter"
          : undefined;
  const parts = [cases, policy.requireDigits ? "a number" : undefined, policy.requireSymbols ? "a symbol" : undefined].filter(
    (part): part is string => !!part,
  );
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}` : parts[0];
  return `At least ${policy.minLength} characters${list ? `, with ${list}` : ""}.`;
}

/**
 * The one answer to a refused customer sign-in, whether the email is unknown or the password wrong: nobody
 * learns from it who has an account. The spec gives no text of its own (only 'Login failed').
 */
export const INCORRECT_EMAIL_OR_PASSWORD = "Incorrect email or password.";
/** The same for the staff form, which signs in with a username (and POST /api/auth/local). */
export const INCORRECT_USERNAME_OR_PASSWORD = "Incorrect username or password.";

/**
 * Where a visitor returns after signing in: in ./return-path, a module of its own, because every page's first load
 * reads it (the web app's entry) and the password rules above load only with the sign-in forms.
 */
/** Two-step sign-in (an authenticator app's 6-digit code, TOTP): required of staff, a choice for customers. */
export const AUTHENTICATOR_CODE_LENGTH = 6;
/** A code as typed (spaces allowed, as authenticator apps show "123 456"); undefined when it cannot be one. */
export function authenticatorCodeOf(typed: string): string | undefined {
  const code = typed.replace(/\s+/g, "");
  return new RegExp(`^[0-9]{${AUTHENTICATOR_CODE_LENGTH}}$`).test(code) ? code : undefined;
}
export const AUTHENTICATOR_CODE_SHAPE = `Enter the ${AUTHENTICATOR_CODE_LENGTH}-digit code from your authenticator app.`;
/** The sign-in needs the code: the answer's `code` beside this message is `AUTHENTICATOR_CODE_REQUIRED`. */
export const AUTHENTICATOR_CODE_REQUIRED = "AUTHENTICATOR_CODE_REQUIRED";
export const AUTHENTICATOR_CODE_WRONG = "That code didn't match. Enter the current 6-digit code from your authenticator app.";
/** A staff member whose sign-in has no authenticator app: every staff route answers 403 with this (and `code`). */
export const AUTHENTICATOR_SETUP_REQUIRED = "AUTHENTICATOR_SETUP_REQUIRED";
export const AUTHENTICATOR_SETUP_MESSAGE =
  "Staff accounts need two-step sign-in. Sign in again on the sign-in page to set up an authenticator app.";
/** The issuer an authenticator app lists the account under. */
export const AUTHENTICATOR_ISSUER = "Regrip";

export { RETURN_TO_PARAM, safeReturnPath } from "./return-path";
