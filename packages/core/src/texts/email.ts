/**
 * The email half of the one sending module (docs/architecture.md "Texts and emails"): a template of templates.ts
 * that has `email` words is sent by email with `email`, or on both channels with `notify` (index.ts). Like `send` (index.ts):
 * 1. the customer's consent for the channel (consent.ts `emailConsent`: `emailNotifications` and an address);
 * 2. the words to the email provider (email/: Amazon SES from the stage's verified sender, or the outbox);
 * 3. the communications log entry (log.ts), channel `email`, with the subject and the address;
 * and never a throw for a delivery problem. A customer the rule leaves out gets nothing and nothing is logged.
 */
import { requireGrant } from "../aws/grants";
import { db } from "../db";
import { emailProvider } from "../email";
import { emailConsent, type EmailCustomer, type EmailSkipReason } from "./consent";
import { logMessage } from "./log";
import { templates, type EmailWords, type TemplateName, type TemplateParams, type Templates } from "./templates";

/** The templates a customer may get by email: order messages with email words. */
export type EmailTemplateName = {
  [N in TemplateName]: Templates[N] extends { consent: "orderUpdates"; email: (params: never) => EmailWords } ? N : never;
}[TemplateName];

/** The templates emailed to staff (`emailStaff`): a staff alert with email words. */
export type StaffEmailTemplateName = {
  [N in TemplateName]: Templates[N] extends { consent: "staffAlert"; email: (params: never) => EmailWords } ? N : never;
}[TemplateName];

/** A customer: read here by id, or handed over when the caller has just read them. */
export type EmailRecipient = ({ userId: string } | { user: EmailCustomer }) & { orderId?: string };

export type EmailResult =
  | {
      /** sent: the provider took it; failed: it refused or errored. */
      status: "sent" | "failed";
      logId: string;
      subject: string;
      body: string;
      externalId?: string;
      error?: string;
    }
  | { status: "skipped"; reason: EmailSkipReason };

async function customerOf(to: EmailRecipient): Promise<EmailCustomer | null> {
  if ("user" in to) return to.user;
  const { data } = await db().entities.user.get({ userId: to.userId }).go();
  return data;
}

/** Emails template `name` with `params` to the customer `to`, as their profile allows. Never throws for a delivery problem. */
export async function email<N extends EmailTemplateName>(name: N, params: TemplateParams<N>, to: EmailRecipient): Promise<EmailResult> {
  // First: a function that may email declares it, whether or not this email goes out.
  requireGrant({ email: true });
  const customer = await customerOf(to);
  const allowed = emailConsent(customer);
  if ("skipped" in allowed) return { status: "skipped", reason: allowed.skipped };
  const words = (templates[name].email as (params: TemplateParams<N>) => EmailWords)(params);
  return deliver(name, words, allowed.address, customer!.userId, to.orderId);
}

/**
 * Emails staff alert `name` (the drawer's close report) to a staff address: an admin's own, or the shop's (Shop
 * details). No consent rule: it is their work. Never throws for a delivery problem.
 */
export async function emailStaff<N extends StaffEmailTemplateName>(name: N, params: TemplateParams<N>, to: { address: string; userId?: string }): Promise<EmailResult> {
  requireGrant({ email: true });
  const words = ((templates[name] as { email?: unknown }).email as (params: TemplateParams<N>) => EmailWords)(params);
  return deliver(name, words, to.address, to.userId);
}

/** The words to the provider, then the log entry (both kinds of email). */
async function deliver(name: TemplateName, words: EmailWords, address: string, userId?: string, orderId?: string): Promise<EmailResult> {
  let error: string | undefined;
  let externalId: string | undefined;
  try {
    externalId = await (await emailProvider()).send({ to: address, subject: words.subject, text: words.text });
  } catch (caught) {
    error = (caught as Error).message || "The email provider refused the message.";
  }
  const logId = await logMessage({
    channel: "email",
    template: name,
    recipient: address,
    subject: words.subject,
    message: words.text,
    sent: !error,
    externalId,
    error,
    userId,
    orderId,
  });
  return { status: error ? "failed" : "sent", logId, subject: words.subject, body: words.text, externalId, error };
}
