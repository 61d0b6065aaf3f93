import { BAG_PAGE_PREFIX, bagPagePath } from "@regrip/core/shared/bag-status";

/**
 * What a bag's label encodes: the bag's public status page with its unguessable slug, on this site (`/b/{slug}`).
 * Signed out it shows the bag's order's stage; staff signed in are sent on to the order (pages/bag/BagPage.tsx).
 */
export function bagUrl(origin: string, qrSlug: string): string {
  return `${origin}${bagPagePath(qrSlug)}`;
}

/**
 * The bag key in what a camera read or a person typed: the slug of a label's URL (`/b/{slug}`, or the `bag` of the
 * scanner URL older labels carry, `/scan?bag={slug}`), else the text itself (a 3-character code or a slug). Empty
 * when there is nothing to look up.
 */
export function bagKeyFrom(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return "";
  try {
    const url = new URL(trimmed);
    const key = url.searchParams.get("bag");
    if (key) return key.trim();
    if (url.pathname.startsWith(BAG_PAGE_PREFIX)) {
      const slug = decodeURIComponent(url.pathname.slice(BAG_PAGE_PREFIX.length)).trim();
      if (slug && !slug.includes("/")) return slug;
    }
  } catch {
    // Not a URL: a code or a slug as typed.
  }
  return /^[0-9a-z]{3}$/i.test(trimmed) ? trimmed.toUpperCase() : trimmed;
}
