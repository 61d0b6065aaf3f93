import { authConfig, loadAmplify } from "./load-amplify";
import { isExpired, readStoredSession } from "./stored-session";

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The signed-in user's ID token, or undefined when signed out. Read from
 * Amplify's storage without loading Amplify; only an expired token loads it,
 * to refresh.
 */
export async function currentIdToken(now: number = Date.now()): Promise<string | undefined> {
  const stored = readStoredSession(storage(), authConfig().userPoolClientId);
  if (!stored) return undefined;
  if (!isExpired(stored, now)) return stored.idToken;
  try {
    const { fetchAuthSession } = await loadAmplify();
    const { tokens } = await fetchAuthSession();
    return tokens?.idToken?.toString();
  } catch {
    // Not configured, or the refresh failed: the request goes out anonymous and the server answers 401.
    return undefined;
  }
}

/** Whether a session is stored on this client (expired or not: an expired one is refreshed when it is sent). */
export function hasStoredSession(): boolean {
  return readStoredSession(storage(), authConfig().userPoolClientId) !== undefined;
}
