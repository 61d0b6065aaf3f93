import { useEffect, useState } from "react";
import { onAuthEvent } from "./auth-bus";
import { hasStoredSession } from "./session";

/**
 * Whether a session is stored, read without Amplify or TanStack Query: undefined in the first render (the
 * prerendered HTML's, which hydration must match), then read after mount and again on every Amplify auth event.
 */
export function useHasStoredSession(): boolean | undefined {
  const [stored, setStored] = useState<boolean>();
  useEffect(() => {
    const check = () => setStored(hasStoredSession());
    check();
    return onAuthEvent(check);
  }, []);
  return stored;
}
