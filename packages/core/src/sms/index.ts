/**
 * How a text physically leaves the shop: Twilio, SNS or the outbox (providers.ts), and Twilio's webhook signature
 * (twilio-signature.ts). What to text, to whom and when is decided in texts/.
 */
import { requireGrant } from "../aws/grants";
import type { SmsProvider } from "./providers";

export * as Sms from "./index";
export type { OutboxEntry, SmsProvider } from "./providers";

let chosen: Promise<SmsProvider> | undefined;

/**
 * The provider texts go through, chosen once per process from the configured secrets (sms/providers.ts). Which
 * texts the shop sends, to whom, and their log are texts/ (`Texts.send`), its only caller. The
 * providers' code (Twilio's REST client, SNS, the outbox file) loads with the first text, off every route's cold
 * start: most routes that may text never do on a given request.
 */
export function smsProvider(): Promise<SmsProvider> {
  // Checked on every use, not only the first: the choice is cached per process, the grant is per function.
  requireGrant({ texts: true });
  chosen ??= import("./providers").then(({ configuredProvider }) => configuredProvider());
  chosen.catch(() => (chosen = undefined));
  return chosen;
}

/** For tests of a single module: replace the provider (undefined: choose again from configuration). */
export function useSmsProvider(provider: SmsProvider | undefined): void {
  chosen = provider ? Promise.resolve(provider) : undefined;
}
