import { Navigate, useLocation } from "react-router";

/** An old address: keeps the query string (e.g. /book?paddle=1) and replaces the history entry. */
export function Redirect({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: to, search, hash }} replace />;
}
