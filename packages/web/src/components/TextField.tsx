import type { InputHTMLAttributes, ReactNode } from "react";

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: ReactNode;
  /** Said under the input as `${id}-hint`: name it in `aria-describedby`. */
  hint?: ReactNode;
  /** After the input and its hint (an error of the field's own). */
  children?: ReactNode;
}

/** A labelled input in the `.field` frame (base.css): the customer's profile and sign-up forms. */
export function TextField({ id, label, hint, children, ...input }: Props) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} />
      {hint && (
        <span id={`${id}-hint`} className="field-hint">
          {hint}
        </span>
      )}
      {children}
    </div>
  );
}

/** The person's email address (the profile's contact email, the new account's). */
export function EmailField(props: Omit<Props, "label" | "type" | "autoComplete">) {
  return <TextField label="Email" type="email" autoComplete="email" {...props} />;
}
