/**
 * Fetches lazy chunks (dialogs a page opens on demand) once the browser is
 * idle: they stay out of the page's first load, yet open without a wait.
 */
export function preloadWhenIdle(...loaders: (() => Promise<unknown>)[]): () => void {
  const run = () => loaders.forEach((load) => void load().catch(() => undefined));
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(run, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 1500);
  return () => clearTimeout(timer);
}
