/** Who a broadcast can text: the number of a customer, and the numbers that replied STOP. */
import { db } from "../db";
import { E164 } from "../shared/phone";

/** The number a broadcast texts: the profile's phone, else the card provider's (§5: "stripePhone or phone"). */
export function broadcastPhone(user: { phone?: string; stripePhone?: string }): string | null {
  for (const candidate of [user.phone, user.stripePhone]) {
    const trimmed = candidate?.trim();
    if (trimmed && E164.test(trimmed)) return trimmed;
  }
  return null;
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

