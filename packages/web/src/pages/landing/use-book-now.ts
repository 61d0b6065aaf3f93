import { useNavigate } from "react-router";
import { useCurrentUser } from "../../auth/current-user";
import { goToServerLogin } from "../../lib/navigation";

/** Book-now: straight to booking when signed in, else through the server's login. */
export function useBookNow(): () => void {
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  return () => (user ? navigate("/booking") : goToServerLogin());
}
