import { useNavigate } from "react-router";

/** The header's buttons for someone not signed in: 'Sign Up' opens the sign-up form, not the sign-in one. */
export function SignedOutActions() {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" className="btn btn-ghost btn-small" onClick={() => navigate("/login")}>
        admin
      </button>
      <button type="button" className="btn btn-accent btn-small" onClick={() => navigate("/login?signup=1")}>
        Sign Up
      </button>
    </>
  );
}
