/**
 * `text` as one sentence, to be followed by another: a message that already ends a sentence (the server's "...until
 * they reply START.") keeps its own mark, anything else gets a period. Where a message is followed by our words,
 * it goes through here, so no message can end up with two periods.
 */
export function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?…]["')\]]*$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
