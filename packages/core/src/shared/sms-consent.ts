/**
 * Consent for promotional texts (docs/decisions.md "Texts and emails"), browser-safe: the words a customer
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

/** What the rule reads of a customer (the user item's fields of the same names). */
export interface PromotionalConsentRecord {
  smsPromotions?: boolean;
  smsConsentText?: string;
  smsConsentedAt?: string;
  smsConsentIp?: string;
  /** False for a walk-in staff made at the counter. */
  hasAccount?: boolean;
}

/**
 * True when the customer opted in to promotional texts explicitly: the switch on, and the words they agreed to, the
 * time and the address recorded (users/ `consentChanges`, on their own profile). A walk-in made by staff never is.
 */
export function hasPromotionalConsent(user: PromotionalConsentRecord): boolean {
  return user.smsPromotions === true && user.hasAccount !== false && !!user.smsConsentText && !!user.smsConsentedAt && !!user.smsConsentIp;
}
