/**
 * The booking as the person left it, kept on this device (localStorage) across reloads, a sign-in and an expired
 * session, until it is booked or they start over. One draft per signed-in person (`regrip.booking-draft.<user id>`);
 * a signed-out visitor's draft is theirs once they sign in (it moves to their key, unless they already have one).
 * Loaded on demand by the booking page, so it stays out of its first load.
 */
// Types only: a value import of booking-state would split it into a chunk of its own, in the page's first load.
import type { BookingSelection } from "./booking-state";

const PREFIX = "regrip.booking-draft.";
/** A draft older than this is dropped: its days and prices are long gone. */
const MAX_AGE_MS = 14 * 24 * 3_600_000;

interface Stored {
  v: 1;
  savedAt: number;
  selection: BookingSelection;
}

const keyOf = (owner?: string) => `${PREFIX}${owner ?? "signed-out"}`;

/** The draft of `owner` (a user id, or none when signed out): read, saved as it changes, cleared. */
export function draftOf(owner: string | undefined, storage: Storage = localStorage, clock: () => number = Date.now) {
  const key = keyOf(owner);
  return {
    /**
     * The draft, or the signed-out one it adopts, over `empty` (a new booking: a field added to the page since is
     * filled in as it has it); undefined when none.
     */
    read(empty: BookingSelection): BookingSelection | undefined {
      try {
        let text = storage.getItem(key);
        if (!text && owner) {
          text = storage.getItem(keyOf());
          if (text) {
            storage.setItem(key, text);
            storage.removeItem(keyOf());
          }
        }
        if (!text) return undefined;
        const stored = JSON.parse(text) as Stored;
        if (stored?.v !== 1 || typeof stored.selection !== "object" || !(clock() - stored.savedAt < MAX_AGE_MS)) {
          storage.removeItem(key);
          return undefined;
        }
        return { ...empty, ...stored.selection };
      } catch {
        return undefined;
      }
    },
    save(selection: BookingSelection): void {
      try {
        storage.setItem(key, JSON.stringify({ v: 1, savedAt: clock(), selection } satisfies Stored));
      } catch {
        // Storage full or switched off: the page works on without a draft.
      }
    },
    clear(): void {
      try {
        storage.removeItem(key);
      } catch {
        // As above.
      }
    },
  };
}
