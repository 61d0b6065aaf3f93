import { appendFile, mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { randomUUID } from "node:crypto";
import { env } from "../../../../infra/env";
import { sdkClientConfig } from "../aws";

/** One email: plain text, to one address. */
interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

/** One way to deliver an email. Chosen once per process from the environment. */
export interface EmailProvider {
  name: "ses" | "outbox";
  /** Answers the provider's message id; throws when the provider refuses. */
  send(message: EmailMessage): Promise<string>;
}

/**
 * A line of the email outbox file: what was sent. The local user pool's confirmation codes are written to the same
 * file (infra/local/cognito-gate.ts) without an id.
 */
export interface EmailOutboxEntry {
  id?: string;
  to: string;
  subject: string;
  body: string;
  at: string;
}

/** The name the shop's emails come from, beside the verified address. */
const SENDER_NAME = "Regrip";

/**
 * The outbox: with no verified sender, emails are printed and, when EMAIL_OUTBOX_FILE is set (npm start sets it
 * under .local/), appended to that file as JSON lines. Every email is in the communications log either way.
 */
function emailOutboxProvider(file: string | undefined): EmailProvider {
  return {
    name: "outbox",
    async send({ to, subject, text }) {
      const entry: EmailOutboxEntry = { id: `email-outbox-${randomUUID()}`, to, subject, body: text, at: new Date().toISOString() };
      console.log(`[email outbox] to ${to}: ${subject}`);
      if (file) {
        await mkdir(dirname(file), { recursive: true });
        await appendFile(file, `${JSON.stringify(entry)}\n`);
      }
      return entry.id!;
    },
  };
}

type Ses = { client: import("@aws-sdk/client-sesv2").SESv2Client; SendEmailCommand: typeof import("@aws-sdk/client-sesv2").SendEmailCommand };

/** Amazon SES (v2 API) from `from`, an address (or an address at a domain) verified in the function's region. */
function sesProvider(from: string): EmailProvider {
  // Loaded with the first email: a function that never emails never loads the SES client (the runtime's own copy).
  let ses: Promise<Ses> | undefined;
  return {
    name: "ses",
    async send({ to, subject, text }) {
      ses ??= import("@aws-sdk/client-sesv2").then(({ SESv2Client, SendEmailCommand }) => ({ client: new SESv2Client(sdkClientConfig()), SendEmailCommand }));
      const { client, SendEmailCommand } = await ses;
      const answer = await client.send(
        new SendEmailCommand({
          FromEmailAddress: `${SENDER_NAME} <${from}>`,
          Destination: { ToAddresses: [to] },
          Content: { Simple: { Subject: { Data: subject, Charset: "UTF-8" }, Body: { Text: { Data: text, Charset: "UTF-8" } } } },
        }),
      );
      return answer.MessageId ?? "";
    },
  };
}

/**
 * SES when the stage names its verified sender (EMAIL_FROM, given to the functions granted email), else the outbox.
 * Chosen once per process by `emailProvider()` (email/index.ts), which loads this module only when an email is sent.
 */
export function configuredEmailProvider(): EmailProvider {
  const from = process.env[env.emailFrom]?.trim();
  return from ? sesProvider(from) : emailOutboxProvider(process.env[env.emailOutboxFile]);
}
