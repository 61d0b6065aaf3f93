import { useSyncExternalStore } from "react";
import { onAuthEvent } from "./auth-bus";
import { hasStoredSession } from "./session";

const serverSnapshot = () => undefined;

/**
 * Whether a session is stored, read without Amplify or TanStack Query, and read again on every Amplify auth event.
 * Undefined only while a prerendered page hydrates (its HTML was made with nobody signed in, and hydration must
 * match it). A header mounted later (a move between the shell and the staff console mounts a new one) knows at
 * once: the staff links never blink out of the header on a move.
 */
export function useHasStoredSession(): boolean | undefined {
  return useSyncExternalStore(onAuthEvent, hasStoredSession, serverSnapshot);
}
