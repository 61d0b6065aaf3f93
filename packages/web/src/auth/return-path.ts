/**
 * The page to come back to across the hosted UI's round trip (cloud): Cognito's redirect lands on the site's home,
 * so /login keeps `returnTo` in this tab's sessionStorage before leaving, and main.tsx takes it back once Amplify
 * says the sign-in finished. Read through safeReturnPath again: only a path on this site.
 */
import { safeReturnPath } from "@regrip/core/shared/return-path";

export const returnPathKey = "regrip.returnTo";

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function session(): Store | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

export function keepReturnPath(path: string | undefined, store: Store | undefined = session()): void {
  const safe = safeReturnPath(path);
  try {
    if (safe) store?.setItem(returnPathKey, safe);
    else store?.removeItem(returnPathKey);
  } catch {
    // Storage blocked: the person lands on the home page instead.
  }
}

/** The kept path, once (it is removed), or undefined. */
export function takeReturnPath(store: Store | undefined = session()): string | undefined {
  try {
    const kept = store?.getItem(returnPathKey) ?? undefined;
    store?.removeItem(returnPathKey);
    return safeReturnPath(kept);
  } catch {
    return undefined;
  }
}
