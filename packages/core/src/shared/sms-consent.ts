/**
 * Consent for promotional texts (issue 23; README "Consent for promotions"), browser-safe: the words a customer
 * agrees to when they turn on "Text message offers" on their profile (shown beside the switch word for word, and
 * recorded with the time and the request's address as `smsConsentText`, `smsConsentedAt`, `smsConsentIp`), and the
 * line every promotional text ends with. The rule itself is texts/consent.ts.
 */
export const PROMOTIONS_CONSENT_TEXT =
  "I agree to receive occasional promotional text messages from Regrip (offers and regrip reminders) at the phone number on my profile. Consent is not a condition of purchase. Msg & data rates may apply. Reply STOP to opt out, HELP for help.";

/** Every promotional text ends with it (texts/ appends it when the words lack it). */
export const OPT_OUT_LINE = "Reply STOP to opt out";

/** The promotional text `words`, ending with how to opt out (added once, when missing). */
export function withOptOut(words: string): string {
  const trimmed = words.trimEnd();
  if (trimmed.toLowerCase().includes(OPT_OUT_LINE.toLowerCase())) return trimmed;
  return `${trimmed}${/[.!?]$/.test(trimmed) ? "" : "."} ${OPT_OUT_LINE}`;
}
