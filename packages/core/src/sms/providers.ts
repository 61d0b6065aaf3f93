import { appendFile, mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { randomUUID } from "node:crypto";
import { env } from "../../../../infra/env";
import { sdkClientConfig } from "../aws";
import { secret } from "../secrets";
import { sendTwilioMessage } from "./twilio";

/** One way to deliver a text. Chosen once per process from the configured credentials. */
export interface SmsProvider {
  name: "twilio" | "sns" | "outbox";
  /** Answers the provider's message id; throws when the provider refuses. */
  send(to: string, body: string): Promise<string>;
}

export interface OutboxEntry {
  id: string;
  to: string;
  body: string;
  at: string;
}

/**
 * The outbox: with no SMS provider configured, texts are printed and, when
 * SMS_OUTBOX_FILE is set (npm start sets it under .local/), appended to that
 * file as JSON lines. Every text is in the communications log either way.
 */
export function outboxProvider(file: string | undefined): SmsProvider {
  return {
    name: "outbox",
    async send(to, body) {
      const entry: OutboxEntry = { id: `outbox-${randomUUID()}`, to, body, at: new Date().toISOString() };
      console.log(`[sms outbox] to ${to}: ${body}`);
      if (file) {
        await mkdir(dirname(file), { recursive: true });
        await appendFile(file, `${JSON.stringify(entry)}\n`);
      }
      return entry.id;
    },
  };
}

function twilioProvider(accountSid: string, authToken: string, from: string): SmsProvider {
  return {
    name: "twilio",
    send: (to, body) => sendTwilioMessage({ accountSid, authToken, from }, to, body),
  };
}

function snsProvider(originationNumber: string | undefined, senderId: string | undefined): SmsProvider {
  // Loaded with the first text, so a function that never texts never loads the SNS client.
  let sns: Promise<{ client: import("@aws-sdk/client-sns").SNSClient; PublishCommand: typeof import("@aws-sdk/client-sns").PublishCommand }> | undefined;
  return {
    name: "sns",
    async send(to, body) {
      sns ??= import("@aws-sdk/client-sns").then(({ SNSClient, PublishCommand }) => ({ client: new SNSClient(sdkClientConfig()), PublishCommand }));
      const { client, PublishCommand } = await sns;
      const attributes: Record<string, { DataType: string; StringValue: string }> = {
        "AWS.SNS.SMS.SMSType": { DataType: "String", StringValue: "Transactional" },
      };
      if (originationNumber) attributes["AWS.MM.SMS.OriginationNumber"] = { DataType: "String", StringValue: originationNumber };
      if (senderId) attributes["AWS.SNS.SMS.SenderID"] = { DataType: "String", StringValue: senderId };
      const answer = await client.send(new PublishCommand({ PhoneNumber: to, Message: body, MessageAttributes: attributes }));
      return answer.MessageId ?? "";
    },
  };
}

/**
 * Twilio when its three secrets are set, else SNS when an origination number or sender id is, else the outbox.
 * Chosen once per process by `smsProvider()` (sms/index.ts), which loads this module only when a text is sent.
 */
export async function configuredProvider(): Promise<SmsProvider> {
  const [sid, token, from, snsNumber, snsSender] = await Promise.all([
    secret("TWILIO_ACCOUNT_SID"),
    secret("TWILIO_AUTH_TOKEN"),
    secret("TWILIO_FROM_NUMBER"),
    secret("SNS_ORIGINATION_NUMBER"),
    secret("SNS_SMS_SENDER_ID"),
  ]);
  if (sid && token && from) return twilioProvider(sid, token, from);
  if (snsNumber || snsSender) return snsProvider(snsNumber, snsSender);
  return outboxProvider(process.env[env.smsOutboxFile]);
}
