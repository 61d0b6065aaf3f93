/**
 * One way to take card payments, chosen once per process from configuration:
 * with STRIPE_SECRET_KEY, Stripe (test or live mode); without it, on one
 * machine, the local payment page (infra/local/payment-page.ts), which answers
 * like Stripe by posting correctly signed events to the same webhook. Nothing
 * else asks which one is in use.
 *
 * Inside Lambda (the cloud) the local provider is never used, nor even loaded: its refunds and cancels would
 * answer success with nothing behind them, and its payment page does not exist there. Without a real Stripe key
 * (unset, empty, or a placeholder such as an SST fallback value) every payment call is refused with 503
 * `NOT_SET_UP`, and each refusal is logged at error level, which the payment functions' alarm catches
 * (stacks/watch.ts).
 */
import type { PaymentProvider } from "./provider-parts";
import { requireGrant } from "../aws/grants";
import { DomainError, unavailable } from "../errors";
import { secret } from "../secrets";
import { orderReference } from "../shared/orders";

export {
  cardOf,
  checkoutLines,
  type CheckoutLine,
  type CheckoutSession,
  type CheckoutUrls,
  type PaymentDetails,
  type PaymentProvider,
} from "./provider-parts";

/** The order's short reference: one rule for server and pages, in shared/orders. */
export { orderReference };

/** What every payment call answers (503) in the cloud while the stage has no Stripe key. */
export const NOT_SET_UP = "Card payments are not set up";

/** Whether `error` is the refusal above: a stage with no card payments, as against a provider that failed. */
export const isNotSetUp = (error: unknown): boolean => error instanceof DomainError && error.kind === "unavailable" && error.message === NOT_SET_UP;

/** True inside Lambda: AWS sets AWS_LAMBDA_FUNCTION_NAME in every function, and nothing on one machine does. */
export const inLambda = (): boolean => !!process.env.AWS_LAMBDA_FUNCTION_NAME;

/**
 * Whether `key` has the shape of a Stripe secret or restricted key (`sk_live_…`, `rk_test_…`). Anything else
 * (an empty value, "none", "changeme", an SST fallback left as a placeholder) is no key at all.
 */
export const isStripeKey = (key: string | undefined): key is string => !!key && /^[rs]k_(test|live)_\w+$/.test(key.trim());

let chosen: Promise<PaymentProvider> | undefined;

/**
 * Stripe when STRIPE_SECRET_KEY is set; else, on one machine, the local payment page, and in the cloud a 503
 * (`NOT_SET_UP`), logged as an error.
 */
export function paymentProvider(): Promise<PaymentProvider> {
  // Checked on every use: the provider is chosen once per process, but each function reads the key itself.
  requireGrant({ secret: "STRIPE_SECRET_KEY" });
  chosen ??= (async () => {
    const key = await secret("STRIPE_SECRET_KEY");
    if (inLambda()) {
      if (!isStripeKey(key)) {
        // Every refused call is logged (the choice is made again on the next one): the alarm fires on each.
        console.error(
          `Payment refused: ${NOT_SET_UP}. STRIPE_SECRET_KEY is ${key ? "not a Stripe key" : "unset"} in ${process.env.AWS_LAMBDA_FUNCTION_NAME}; set it (docs/deploy.md, "Stripe webhook").`,
        );
        throw unavailable(NOT_SET_UP);
      }
      const { stripeProvider } = await import("./stripe");
      return stripeProvider(key.trim());
    }
    if (key) {
      const { stripeProvider } = await import("./stripe");
      return stripeProvider(key);
    }
    const { localProvider } = await import("./local");
    return localProvider();
  })();
  chosen.catch(() => (chosen = undefined));
  return chosen;
}

/** For tests: replace the provider (undefined: choose again from configuration). */
export function usePaymentProvider(provider: PaymentProvider | undefined): void {
  chosen = provider ? Promise.resolve(provider) : undefined;
}
