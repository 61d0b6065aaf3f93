/**
 * Who may be texted: a customer's consent as their profile says it (templates.ts, `Consent`), and the numbers that
 * replied STOP (their smsConversation's `optedOut`, set and cleared by communications/inbound.ts).
 */
import { db } from "../db";
import { E164 } from "../shared/phone";
import { hasPromotionalConsent } from "../shared/sms-consent";
import type { UserItem } from "../users";
import type { CustomerConsent } from "./templates";

/** The parts of a customer their consent is read from. */
export type Customer = Pick<UserItem, "userId" | "phone" | "stripePhone" | "smsNotifications" | "smsPromotions"> &
  Partial<Pick<UserItem, "smsConsentText" | "smsConsentedAt" | "smsConsentIp" | "hasAccount">>;

/**
 * Why a customer is not texted: no such customer, no number to text, the kind of text turned off, or (promotions)
 * switched on without the consent on record (the words agreed to, when and from which address).
 */
export type SkipReason = "notFound" | "noPhone" | "notificationsOff" | "promotionsOff" | "noConsentRecord";

/** The number a broadcast texts: the profile's phone, else the card provider's (the spec's broadcast list reads "stripePhone or phone"). */
export function broadcastPhone(user: Pick<Customer, "phone" | "stripePhone">): string | null {
  for (const candidate of [user.phone, user.stripePhone]) {
    const trimmed = candidate?.trim();
    if (trimmed && E164.test(trimmed)) return trimmed;
  }
  return null;
}

/** The number to text `user` at under `rule`, or why they are not texted. */
export function consent(rule: CustomerConsent, user: Customer | null | undefined): { phone: string } | { skipped: SkipReason } {
  if (!user) return { skipped: "notFound" };
  if (rule === "orderUpdates") {
    // Order texts only when the customer switched them on (an absent flag is off) and gave a phone.
    if (!user.smsNotifications) return { skipped: "notificationsOff" };
    return user.phone ? { phone: user.phone } : { skipped: "noPhone" };
  }
  const phone = broadcastPhone(user);
  if (!phone) return { skipped: "noPhone" };
  // Promotions only with an explicit opt-in on record (US texting rules; the old app's "all default true" is gone).
  if (user.smsPromotions !== true) return { skipped: "promotionsOff" };
  return hasPromotionalConsent(user) ? { phone } : { skipped: "noConsentRecord" };
}

/** True when the number replied STOP (and not START since). */
export async function optedOut(phone: string): Promise<boolean> {
  const conversation = await db().entities.smsConversation.get({ phoneNumber: phone }).go();
  return conversation.data?.optedOut ?? false;
}

/** The numbers among `phones` that replied STOP: one BatchGet of their conversations. */
export async function optedOutNumbers(phones: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(phones)];
  if (unique.length === 0) return new Set();
  const { data } = await db()
    .entities.smsConversation.get(unique.map((phoneNumber) => ({ phoneNumber })))
    .go({ attributes: ["phoneNumber", "optedOut"] } as never);
  return new Set((data as { phoneNumber: string; optedOut?: boolean }[]).filter((c) => c.optedOut).map((c) => c.phoneNumber));
}

/** The parts of a customer their email consent is read from (`Texts.email`). */
export type EmailCustomer = Pick<UserItem, "userId" | "email" | "emailNotifications">;

/** Why a customer is not emailed: no such customer, no address on their profile, or order emails turned off. */
export type EmailSkipReason = "notFound" | "noEmail" | "notificationsOff";

/**
 * The address to send `user` an order email at (a confirmation, a receipt, a refund notice), or why they are not
 * emailed: only when they allow order emails (`emailNotifications`; an absent flag is off, as for texts) and have an
 * address on their profile.
 */
export function emailConsent(user: EmailCustomer | null | undefined): { address: string } | { skipped: EmailSkipReason } {
  if (!user) return { skipped: "notFound" };
  if (!user.emailNotifications) return { skipped: "notificationsOff" };
  const address = user.email?.trim();
  return address ? { address } : { skipped: "noEmail" };
}
