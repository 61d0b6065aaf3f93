/**
 * Fetches lazy chunks (dialogs a page opens on demand) when the person first moves, touches, scrolls or types on
 * the page: they stay out of the page's first load and off the main thread while it starts (a chunk that loads is
 * also parsed and run, its schemas built), yet are in by the time a tap or a click opens one.
 */
const firstInput = ["pointermove", "pointerdown", "touchstart", "keydown", "wheel", "scroll"] as const;

export function preloadOnFirstInput(...loaders: (() => Promise<unknown>)[]): () => void {
  const run = () => {
    stop();
    loaders.forEach((load) => void load().catch(() => undefined));
  };
  const stop = () => firstInput.forEach((type) => window.removeEventListener(type, run, true));
  firstInput.forEach((type) => window.addEventListener(type, run, { capture: true, passive: true }));
  return stop;
}
