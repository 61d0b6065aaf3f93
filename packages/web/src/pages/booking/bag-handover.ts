/**
 * The orders booked with "I don't have a bag yet" on this browser: the shop hands their bag over at drop-off, and
 * the order page says so (after the payment's return too). Kept under 'bagHandover', the last few only.
 */
export const bagHandoverKey = "bagHandover";
const KEPT = 20;

type Store = Pick<Storage, "getItem" | "setItem">;

function read(store: Store): string[] {
  try {
    const parsed: unknown = JSON.parse(store.getItem(bagHandoverKey) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

export function markBagHandover(store: Store, orderId: string): void {
  try {
    store.setItem(bagHandoverKey, JSON.stringify([...read(store).filter((id) => id !== orderId), orderId].slice(-KEPT)));
  } catch {
    // Storage full or refused: the order page then just shows the bag's number.
  }
}

export function isBagHandover(store: Store, orderId: string): boolean {
  return read(store).includes(orderId);
}
