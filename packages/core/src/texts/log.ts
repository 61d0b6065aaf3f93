/**
 * The communications log entry of every message the shop sends, by text or by email: written here once, by
 * `Texts.send` and `Texts.email`, with the template's name and message type and the outcome.
 */
import type { CommunicationChannel } from "../entities/enums";
import { db } from "../db";
import { templates, type TemplateName } from "./templates";

export interface LoggedMessage {
  channel: CommunicationChannel;
  template: TemplateName;
  /** The phone (E.164) or the email address. */
  recipient: string;
  /** An email's subject. */
  subject?: string;
  message: string;
  sent: boolean;
  externalId?: string;
  error?: string;
  userId?: string;
  orderId?: string;
}

/** Writes the log entry of one message; answers its id. */
export async function logMessage(message: LoggedMessage): Promise<string> {
  const log = await db()
    .entities.communication.create({
      channel: message.channel,
      recipient: message.recipient,
      messageType: templates[message.template].messageType,
      template: message.template,
      subject: message.subject,
      message: message.message,
      status: message.sent ? "sent" : "failed",
      externalId: message.externalId,
      errorMessage: message.error,
      userId: message.userId,
      orderId: message.orderId,
    })
    .go();
  return log.data.id;
}
