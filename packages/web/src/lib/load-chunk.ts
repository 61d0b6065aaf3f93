import { lazy } from "react";

/**
 * Every on-demand import of the app goes through here. A page open across a deploy still asks for the previous
 * build's chunk names; once those files are gone the import fails ("Failed to fetch dynamically imported module"),
 * so the page reloads, once, to the new build's HTML and chunks.
 *
 * The guard is this tab's sessionStorage, keyed to the path, holding when it reloaded: an import that fails again
 * at that path within a minute of the reload is broken, not stale, and its error shows as it would without this
 * (the page's error screen). A load that works does not clear it: a page loads several chunks, and one that loads
 * fine must not lift the guard of one that keeps failing (the page would reload for ever). A minute on, the flag is
 * stale, so the next deploy reloads the page again.
 */
const guardMs = 60_000;

export function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((error: unknown) => {
    if (!markReload(`regrip.reloaded:${location.pathname}`)) throw error;
    location.reload();
    // Nothing to render meanwhile: the page stays as it is (its spinner) until the reload replaces it.
    return new Promise<never>(() => undefined);
  });
}

/** React's `lazy`, its chunk loaded through loadChunk. */
export const lazyChunk: typeof lazy = (load) => lazy(() => loadChunk(load));

/** Notes a reload for this path, unless one was noted within guardMs (or storage is blocked): then false. */
function markReload(key: string): boolean {
  try {
    if (Date.now() - Number(sessionStorage.getItem(key)) < guardMs) return false;
    sessionStorage.setItem(key, String(Date.now()));
    return true;
  } catch {
    return false;
  }
}
