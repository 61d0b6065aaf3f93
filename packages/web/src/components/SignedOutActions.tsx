import { useNavigate } from "react-router";

/**
 * The header's buttons for someone not signed in: 'Sign in' opens the customer sign-in form, 'admin' the sign-in page
 * (the staff form), 'Sign Up' the sign-up form.
 */
export function SignedOutActions() {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" className="btn btn-ghost btn-small" onClick={() => navigate("/login?signin=1")}>
        Sign in
      </button>
      <button type="button" className="btn btn-ghost btn-small" onClick={() => navigate("/login")}>
        admin
      </button>
      <button type="button" className="btn btn-accent btn-small" onClick={() => navigate("/login?signup=1")}>
        Sign Up
      </button>
    </>
  );
}
