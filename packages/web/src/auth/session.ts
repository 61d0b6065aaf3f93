import { authConfig, loadAmplify } from "./load-amplify";
import { authKeyPrefix, isExpired, readStoredSession, type StoredSession } from "./stored-session";

export function storage(): Storage | undefined {
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
  if (!isOfThisPool(stored)) {
    // A session of another pool (the local shop was reset, or the stage's pool replaced): the server would
    // only answer 401, on every page. Forgotten instead, without asking.
    forgetStoredSession();
    return undefined;
  }
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

/** Whether the stored ID token was issued by this site's pool for this site's client (read, never verified). */
export function isOfThisPool(stored: StoredSession): boolean {
  const { userPoolId, userPoolClientId } = authConfig();
  const { iss, aud } = stored.claims;
  if (userPoolId && typeof iss === "string" && !iss.endsWith(`/${userPoolId}`)) return false;
  if (userPoolClientId && typeof aud === "string" && aud !== userPoolClientId) return false;
  return true;
}

/**
 * Drops the session Amplify keeps in localStorage for this site's client (the server refused its token): the
 * visitor is signed out here too, so later pages do not ask the server again.
 */
export function forgetStoredSession(): void {
  const store = storage();
  const clientId = authConfig().userPoolClientId;
  if (!store || !clientId) return;
  try {
    const prefix = `${authKeyPrefix}.${clientId}.`;
    const keys: string[] = [];
    for (let index = 0; index < store.length; index++) {
      const key = store.key(index);
      if (key?.startsWith(prefix)) keys.push(key);
    }
    for (const key of keys) store.removeItem(key);
  } catch {
    // Storage blocked: nothing stored to forget.
  }
}
