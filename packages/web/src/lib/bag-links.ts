/** What a bag's label encodes: the scanner page with the bag's unguessable slug, on this site. */
export function scanUrl(origin: string, qrSlug: string): string {
  return `${origin}/scan?bag=${encodeURIComponent(qrSlug)}`;
}

/**
 * The bag key in what a camera read or a person typed: the `bag` of a scanner URL, else the text itself
 * (a 3-character code or a slug). Empty when there is nothing to look up.
 */
export function bagKeyFrom(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return "";
  try {
    const url = new URL(trimmed);
    const key = url.searchParams.get("bag");
    if (key) return key.trim();
  } catch {
    // Not a URL: a code or a slug as typed.
  }
  return /^[0-9a-z]{3}$/i.test(trimmed) ? trimmed.toUpperCase() : trimmed;
}
