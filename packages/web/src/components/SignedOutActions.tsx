import { useNavigate } from "react-router";
import { goToServerLogin } from "../lib/navigation";

/** The header's buttons for someone not signed in. */
export function SignedOutActions() {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" className="btn btn-ghost btn-small" onClick={() => navigate("/login")}>
        admin
      </button>
      <button type="button" className="btn btn-accent btn-small" onClick={goToServerLogin}>
        Sign Up
      </button>
    </>
  );
}
