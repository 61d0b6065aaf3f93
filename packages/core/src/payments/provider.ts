/**
 * One way to take card payments, chosen once per process from configuration:
 * with STRIPE_SECRET_KEY, Stripe (test or live mode); without it, the local
 * payment page (infra/local/payment-page.ts), which answers like Stripe by
 * posting correctly signed events to the same webhook. Nothing else asks
 * which one is in use.
 */
import type { PaymentProvider } from "./provider-parts";
import { requireGrant } from "../aws/grants";
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

let chosen: Promise<PaymentProvider> | undefined;

/** Stripe when STRIPE_SECRET_KEY is set, else the local payment page. */
export function paymentProvider(): Promise<PaymentProvider> {
  // Checked on every use: the provider is chosen once per process, but each function reads the key itself.
  requireGrant({ secret: "STRIPE_SECRET_KEY" });
  chosen ??= (async () => {
    const key = await secret("STRIPE_SECRET_KEY");
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
