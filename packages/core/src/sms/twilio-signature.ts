/**
 * Twilio's request signature (`X-Twilio-Signature`, https://www.twilio.com/docs/usage/security): the base64
 * HMAC-SHA1, keyed with the account's auth token, of the full URL Twilio called (scheme, host, path and query)
 * followed by each POST parameter's name and value, sorted by name, with no separators.
 *
 * The URL must be the one configured in Twilio; behind a proxy the port may be added or dropped on the way, so a
 * signature over the URL with or without its scheme's default port is accepted too, as Twilio's own libraries do.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export function twilioSignature(authToken: string, url: string, params: Iterable<[string, string]>): string {
  const sorted = [...params].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  let data = url;
  for (const [name, value] of sorted) data += name + value;
  return createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

/** The URL as Twilio may have signed it: as given, and with the scheme's default port dropped or added. */
function urlVariants(url: string): string[] {
  const variants = [url];
  // Taken apart as written (not through URL, which would normalise the path Twilio signed).
  const parts = /^(https?):\/\/([^/:?#]+)(:\d+)?(.*)$/i.exec(url);
  if (!parts) return variants;
  const [, scheme, host, port, rest] = parts;
  const standard = scheme.toLowerCase() === "https" ? ":443" : ":80";
  if (port === undefined) variants.push(`${scheme}://${host}${standard}${rest}`);
  else if (port === standard) variants.push(`${scheme}://${host}${rest}`);
  return variants;
}

/** True when `signature` is Twilio's over `url` and `params` with `authToken`; false for a missing one. */
export function validTwilioSignature(authToken: string, signature: string | undefined, url: string, params: Iterable<[string, string]>): boolean {
  if (!signature) return false;
  const list = [...params];
  const given = Buffer.from(signature);
  return urlVariants(url).some((variant) => {
    const expected = Buffer.from(twilioSignature(authToken, variant, list));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}
