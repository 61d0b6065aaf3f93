/**
 * For a read with one key for the whole app (the catalogue, the shops and their schedule, the signed-in person, their
 * paddles, membership and points): kept for the session (signing out clears the cache), so no garbage-collection
 * timer is set when the query is made and cleared again when a page mounts it. Each timer's setting and clearing is
 * main-thread work while a page starts, a page that reads many of them at once paid it many times over.
 * A module of its own: the landing page's first load carries no TanStack Query.
 */
export const appWideRead = { gcTime: Infinity } as const;

