import type { CommunicationMessageType } from "../entities";
import { requireGrant } from "../aws/grants";
import { db } from "../db";
import type { SmsProvider } from "./providers";

export * as Sms from "./index";
export type { OutboxEntry, SmsProvider } from "./providers";

let chosen: Promise<SmsProvider> | undefined;

/**
 * The provider texts go through, chosen once per process from the configured secrets (sms/providers.ts). The
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

export interface Text {
  /** E.164. */
  to: string;
  body: string;
  messageType: CommunicationMessageType;
  userId?: string;
  orderId?: string;
  /**
   * The answer to a HELP: carriers require it whatever the number's opt-out (a customer who replied STOP may still
   * ask who is texting them), so it is sent even then. Nothing else sets this.
   */
  answersHelp?: boolean;
}

export interface TextResult {
  /** sent: the provider took it; failed: it refused or errored; blocked: the number replied STOP. */
  status: "sent" | "failed" | "blocked";
  logId: string;
  /** The provider's message id, when it took the text. */
  externalId?: string;
  error?: string;
}

/** True when the number replied STOP (and not START since). */
export async function optedOut(phone: string): Promise<boolean> {
  const conversation = await db().entities.smsConversation.get({ phoneNumber: phone }).go();
  return conversation.data?.optedOut ?? false;
}

/**
 * Sends one text and writes it to the communications log with its status.
 * Never throws for a delivery problem: the caller's work (a booking, a status
 * move) must not fail or be undone because a text could not go out.
 */
export async function send(text: Text): Promise<TextResult> {
  // Before the opt-out check: a function that may text declares it, whether or not this number takes texts.
  requireGrant({ texts: true });
  let status: TextResult["status"] = "sent";
  let error: string | undefined;
  let externalId: string | undefined;
  if (!text.answersHelp && (await optedOut(text.to))) {
    status = "blocked";
    error = "The recipient replied STOP; no texts are sent until they reply START.";
  } else {
    try {
      externalId = await (await smsProvider()).send(text.to, text.body);
    } catch (caught) {
      status = "failed";
      error = (caught as Error).message || "The SMS provider refused the message.";
    }
  }
  const log = await db()
    .entities.communication.create({
      channel: "sms",
      recipient: text.to,
      messageType: text.messageType,
      message: text.body,
      status: status === "sent" ? "sent" : "failed",
      externalId,
      errorMessage: error,
      userId: text.userId,
      orderId: text.orderId,
    })
    .go();
  return { status, logId: log.data.id, externalId, error };
}
