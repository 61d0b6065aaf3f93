import { useNavigate } from "react-router";
import { hasStoredSession } from "../../auth/session";
import { goToServerLogin } from "../../lib/navigation";

/**
 * Book-now: straight to booking when signed in, else through the server's login. Signed in is read from the
 * stored session (auth/session.ts), so the landing page loads neither TanStack Query nor Amplify for it.
 */
export function useBookNow(): () => void {
  const navigate = useNavigate();
  return () => (hasStoredSession() ? navigate("/booking") : goToServerLogin("/booking"));
}
