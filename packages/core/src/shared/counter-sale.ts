/**
 * A counter sale ends with the money (docs/api-staff.md "Storefront and quick sale"): the storefront invoice and the
 * quick sale both say how the customer pays. `payment: "counter"` is taken at the counter straight after the sale
 * (cash or the counter's terminal, the order page's payment dialog): no link is made or texted, and no phone check
 * is needed (a walk-in paying cash needs no code). `payment: "link"` texts the payment link, and only to a confirmed
 * number: verified by the customer's code, or confirmed with the customer by the employee (`phoneConfirmed`, kept in
 * the sale's audit entry). Browser-safe, zod/mini: both sale pages show the same rule the server enforces.
 */
import * as z from "zod/mini";
import { NICKNAME_REQUIRED, PADDLE_NOT_FOUND } from "./paddles";
import { PaddleNickname } from "./paddle-name";
import { boundedId } from "./ids";
import { PHONE_VERIFICATION_REQUIRED } from "./api-words";

export const SALE_PAYMENTS = ["counter", "link"] as const;
export type SalePayment = (typeof SALE_PAYMENTS)[number];

export const SALE_PAYMENT_INVALID = "Choose how the customer pays: at the counter, or by the payment link";
/** The words of the two ways on, as both pages offer them. */
export const SALE_PAYMENT_LABELS: Record<SalePayment, string> = {
  counter: "Take payment now",
  link: "Text the payment link",
};

/** How the sale is paid; absent, the payment link (the calls made before the counter took the money). */
export const SalePaymentInput = z.optional(z.enum(SALE_PAYMENTS, { error: SALE_PAYMENT_INVALID }));
/** The employee's tick: "I confirmed this number with the customer". */
export const PhoneConfirmedInput = z.optional(z.boolean({ error: "phoneConfirmed must be true or false" }));

export const PHONE_FOR_PAYMENT_LINK = "Customer must have a phone number to receive payment link";
/** What the confirm box says, and the words the server refuses an unconfirmed number with (428). */
export const CONFIRM_PHONE_LABEL = "I confirmed this number with the customer";
export const LINK_NEEDS_CONFIRMED_PHONE = `${PHONE_VERIFICATION_REQUIRED}: confirm the number with the customer (or send them a code) before the payment link is texted`;

/** Nothing texted: the sale's answer when the money is taken at the counter. */
export const PAY_AT_COUNTER = "Payment taken at the counter: no payment link was sent";

interface SaleCustomer {
  phone?: string | null;
  phoneVerified?: boolean | null;
}

/** True when the customer's number may get a payment link: verified by its code, or confirmed by the employee. */
export const phoneConfirmedFor = (customer: SaleCustomer, staffConfirmed: boolean | undefined): boolean =>
  !!customer.phone && (!!customer.phoneVerified || staffConfirmed === true);

/**
 * Why this sale may not be made as asked, or null: a link needs a phone (400) and a confirmed one (428, the quick
 * sale's verify dialog offers the code; the pages offer the tick first). Taking the payment at the counter needs neither.
 */
export function saleLinkRefusal(
  customer: SaleCustomer,
  payment: SalePayment,
  staffConfirmed: boolean | undefined,
): { kind: "invalid" | "precondition"; message: string } | null {
  if (payment === "counter") return null;
  if (!customer.phone) return { kind: "invalid", message: PHONE_FOR_PAYMENT_LINK };
  if (!phoneConfirmedFor(customer, staffConfirmed)) return { kind: "precondition", message: LINK_NEEDS_CONFIRMED_PHONE };
  return null;
}

/** A paddle of the customer's on file, chosen for the sale (its membership may cover it). */
export const SalePaddleId = z.optional(z.nullable(boundedId(PADDLE_NOT_FOUND)));

const paddleText = (max: number, label: string) =>
  z.optional(z.nullable(z.string({ error: `${label} must be text` }).check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`))));

/** A new paddle made for the customer with the sale (ignored when `paddleId` names one on file). */
export const SalePaddle = z.object(
  {
    nickname: PaddleNickname,
    brand: paddleText(60, "Brand"),
    model: paddleText(60, "Model"),
  },
  { error: NICKNAME_REQUIRED },
);
