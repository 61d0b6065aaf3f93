/**
 * Book again: a picked-up order's page, My Grips and the regrip reminder's text open the booking page
 * with that order's paddle and services chosen again (`/booking?again={orderId}`); the server prices the new
 * booking anew from the catalogue, as any other.
 */
export const BOOK_AGAIN_PARAM = "again";

/** The booking page's path that books order `orderId`'s paddle and services again. */
export const bookAgainPath = (orderId: string): string => `/booking?${BOOK_AGAIN_PARAM}=${encodeURIComponent(orderId)}`;
