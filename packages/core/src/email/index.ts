/**
 * How an email physically leaves the shop: Amazon SES from the stage's verified sender, or the email outbox on one
 * machine (providers.ts). What to email, to whom and when is decided in texts/ (`Texts.email`), its only caller,
 * beside the texts: one template, one consent rule, one communications log for both channels.
 */
import { requireGrant } from "../aws/grants";
import type { EmailProvider } from "./providers";

export type { EmailProvider } from "./providers";

let chosen: Promise<EmailProvider> | undefined;

/**
 * The provider emails go through, chosen once per process from the environment (providers.ts). Its code (the SES
 * client, the outbox file) loads with the first email, off every route's cold start.
 */
export function emailProvider(): Promise<EmailProvider> {
  // Checked on every use, not only the first: the choice is cached per process, the grant is per function.
  requireGrant({ email: true });
  chosen ??= import("./providers").then(({ configuredEmailProvider }) => configuredEmailProvider());
  chosen.catch(() => (chosen = undefined));
  return chosen;
}

/** For tests of a single module: replace the provider (undefined: choose again from the environment). */
export function useEmailProvider(provider: EmailProvider | undefined): void {
  chosen = provider ? Promise.resolve(provider) : undefined;
}
