import * as z from "zod/mini";
import { fn } from "../actor/fn";
import { db } from "../db";
import { isConditionFailed } from "../db/conditions";
import { CHANGED, readDecideWrite, type LabelledWrite, type TransactionEntities } from "../db/labelled";
import { invalid, notFound, tooMany, unavailable } from "../errors";
import { CUSTOMER_NOT_FOUND } from "../shared/customers";
import * as RateLimits from "../rate-limits";
import { INVALID_BOOKING_PHONE, INVALID_OR_EXPIRED, normaliseUsPhone, VerifyCode } from "../shared/phone";
import { Texts } from "../texts";
import * as Users from "../users";
import type { UserItem } from "../users";
import { codeMatches, hashCode, newCode } from "./code";

export * as PhoneVerification from "./index";
export { codeMatches, hashCode, newCode } from "./code";

export const TOO_MANY_SENDS = "Too many codes sent to this number. Please try again later.";
export const TOO_MANY_REQUESTS = "Too many codes requested. Please try again later.";
export const NOT_SENT = "We could not send the code. Please try again.";
export const OPTED_OUT = "This number has opted out of texts from Regrip. Reply START to one of our texts, then try again.";
export const TOO_MANY_ATTEMPTS = "Too many attempts. Please request a new code.";

/** A code's life and the limits on sending codes (docs/api.md, POST /api/user/phone), so codes cannot be guessed or used to spam a number. */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_ATTEMPTS = 5;
export const SENDS_PER_NUMBER = { max: 5, windowMs: 60 * 60 * 1000 };
/** Also per user, so one account cannot text codes to number after number (SMS pumping). */
export const SENDS_PER_USER = { max: 10, windowMs: 60 * 60 * 1000 };

export const SendCode = z.object({
  phone: z.pipe(
    z.string({ error: INVALID_BOOKING_PHONE }).check(z.maxLength(30, INVALID_BOOKING_PHONE)),
    z.transform((raw: string, ctx) => {
      const phone = normaliseUsPhone(raw);
      if (!phone) {
        ctx.issues.push({ code: "custom", message: INVALID_BOOKING_PHONE, input: raw });
        return z.NEVER;
      }
      return phone;
    }),
  ),
});
export type SendCode = z.infer<typeof SendCode>;

/** The code as typed: the rule lives in browser-safe shared/phone, so the dialogs check with it too. */
export { VerifyCode };

/** POST /api/user/phone: the signed-in person texts a code to their own new number (sendCodeTo). */
export const sendCode = /* @__PURE__ */ fn({ role: "customer", input: SendCode }, async (actor, input): Promise<{ phoneNumber: string }> =>
  sendCodeTo(actor.userId, input),
);

/**
 * POST /api/user/phone/verify: the signed-in person's code (verifyCodeOf); their user item is made first if
 * this is their first request, as the transaction that marks the phone verified needs it. Answers the UserView.
 */
export const verifyCode = /* @__PURE__ */ fn({ role: "customer", input: VerifyCode }, async (actor, input): Promise<Users.UserView> => {
  await Users.fromSignIn(actor);
  return Users.view(await verifyCodeOf(actor.userId, input), actor);
});

/**
 * Texts a new code to the number for user `userId` (replacing any earlier
 * code of this user): their own send (sendCode), or staff's at the counter
 * (Customers.sendPhoneCode), each caller having asserted its role. At most 5
 * codes per number and 10 per user in any rolling hour. The code
 * is stored only as a hash. When the text cannot go out the code still stands,
 * so a retry of the send is the same as asking again.
 */
export async function sendCodeTo(userId: string, input: SendCode): Promise<{ phoneNumber: string }> {
  const phone = input.phone;
  if (await Texts.optedOut(phone)) throw invalid(OPTED_OUT);
  // Both limits at once: a send refused by one records nothing under the other.
  const spent = await RateLimits.takeAll([
    { scope: "phoneCodeUser", subject: userId, limit: SENDS_PER_USER },
    { scope: "phoneCode", subject: phone, limit: SENDS_PER_NUMBER },
  ]);
  if (spent === 0) throw tooMany(TOO_MANY_REQUESTS);
  if (spent === 1) throw tooMany(TOO_MANY_SENDS);
  const code = newCode();
  await db()
    .entities.verificationCode.put({
      identifier: userId,
      type: "phone",
      destination: phone,
      userId,
      codeHash: hashCode(userId, phone, code),
      attempts: 0,
      expiresAt: new Date(Date.now() + CODE_TTL_MS).toISOString(),
    })
    .go();
  const sent = await Texts.send("verificationCode", { code }, { phone, userId });
  if (sent.status !== "sent") throw unavailable(NOT_SENT);
  return { phoneNumber: phone };
}

/**
 * Checks user `userId`'s code: their own (verifyCode), or the one a customer
 * reads out at the counter (Customers.verifyPhone). Every try first takes one of the code's five
 * attempts with a conditional update (attempts < 5, not expired), and only
 * then is the code compared, so parallel guesses cannot check more than five
 * codes. The right code sets the phone and marks it verified, moves the
 * customer-search items to the new number, and deletes the code, in one transaction.
 */
export async function verifyCodeOf(
  userId: string,
  input: VerifyCode,
  /** Writes to add to the transaction that marks the phone verified (a staff audit entry). */
  extra?: (entities: TransactionEntities, user: UserItem) => LabelledWrite[],
): Promise<UserItem> {
  const key = { identifier: userId, type: "phone" as const };
  const now = new Date().toISOString();
  let pending;
  try {
    const taken = await db()
      .entities.verificationCode.patch(key)
      .add({ attempts: 1 })
      .where(({ attempts, expiresAt }, { lt, gt }) => `${lt(attempts, MAX_ATTEMPTS)} AND ${gt(expiresAt, now)}`)
      .go({ response: "all_new" });
    pending = taken.data;
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    const { data } = await db().entities.verificationCode.get(key).go();
    if (data && data.expiresAt > now && data.attempts >= MAX_ATTEMPTS) throw tooMany(TOO_MANY_ATTEMPTS);
    throw invalid(INVALID_OR_EXPIRED);
  }
  if (!codeMatches(pending.codeHash, userId, pending.destination, input.code)) {
    if (pending.attempts >= MAX_ATTEMPTS) throw tooMany(TOO_MANY_ATTEMPTS);
    throw invalid(INVALID_OR_EXPIRED);
  }
  // The phone, its verified mark, the search items for the new digits and the
  // code's delete, in one transaction (tried again on the user as it now is if
  // another write of the same user came first).
  return readDecideWrite(async () => {
    const user = await Users.get(userId);
    if (!user) throw notFound(CUSTOMER_NOT_FOUND);
    const outcome = await Users.writeProfile(user, { set: { phone: pending.destination, phoneVerified: true }, remove: [] }, (entities) => [
      {
        label: "code",
        // Only this code: a newer one sent meanwhile stays.
        write: entities.verificationCode.delete(key).where(({ codeHash }, { eq }) => eq(codeHash, pending.codeHash)).commit(),
      },
      ...(extra ? extra(entities, user) : []),
    ]);
    if (outcome.committed) return outcome.user;
    if (outcome.failed.includes("code")) throw invalid(INVALID_OR_EXPIRED);
    return CHANGED;
  }, () => invalid(INVALID_OR_EXPIRED));
}
