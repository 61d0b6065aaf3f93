/**
 * One open order per paddle, browser-safe: the refusal the booking answers and the booking page shows
 * for a paddle already in the shop. Its own small module: every Lambda that makes or moves an order carries it.
 */

/** A paddle's name as a refusal says it: its nickname, else its brand and model. */
export const paddleName = (paddle: { nickname?: string | null; brand?: string | null; model?: string | null } | null | undefined): string =>
  paddle?.nickname || [paddle?.brand, paddle?.model].filter(Boolean).join(" ") || "This paddle";

/** One open order per paddle: the booking's 409 for a paddle already in an open order (`reference`: ./orders.ts orderReference). */
export const paddleInShop = (name: string, reference: string) =>
  `${name} is already in the shop on order ${reference}. You can book it again after you pick it up.`;
