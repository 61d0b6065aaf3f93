/** The thank-you banner after paying (?paid=1): shown for 24 hours, remembered under 'thankYouExpiry'. */
export const thankYouKey = "thankYouExpiry";
export const thankYouMs = 24 * 60 * 60 * 1000;

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function markThankYou(store: Store, now = Date.now()): void {
  store.setItem(thankYouKey, String(now + thankYouMs));
}

/** True while the marker has not expired; an expired or broken marker is removed. */
export function isThankYouShown(store: Store, now = Date.now()): boolean {
  const raw = store.getItem(thankYouKey);
  if (raw === null) return false;
  const expiry = Number(raw);
  if (Number.isFinite(expiry) && expiry > now) return true;
  store.removeItem(thankYouKey);
  return false;
}

export function dismissThankYou(store: Store): void {
  store.removeItem(thankYouKey);
}
