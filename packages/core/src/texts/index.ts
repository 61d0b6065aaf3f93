/**
 * The one way a text leaves the shop, so none skips consent, STOP or the log (docs/architecture.md). Given a template of templates.ts,
 * its parameters and whom it is for, `send`:
 * 1. checks consent by the template's rule: a customer is read (or handed over, already read) and texted only as
 *    their profile allows (promotions only with the opt-in on record, and always ending "Reply STOP to opt out");
 *    a number given with a requested text (a code, a payment link, a test) or an admin's alert is texted as is;
 * 2. checks the number's STOP (every template but the answer to HELP);
 * 3. gives the words to the SMS provider (sms/: Twilio, SNS or the outbox);
 * 4. writes the communications log entry with the template's name and message type and the outcome;
 * and answers the outcome. It never throws for a delivery problem: the caller's work (a booking, a move) must not
 * fail or be undone because a text could not go out. A customer the rule leaves out gets nothing and nothing is
 * logged (`skipped`).
 *
 * Imported as a namespace: `import { Texts } from "@regrip/core/texts"`.
 */
import { requireGrant } from "../aws/grants";
import { TEXT_FAILED } from "../shared/monitoring";
import { db } from "../db";
import { smsProvider } from "../sms";
import { consent, optedOut, type Customer, type SkipReason } from "./consent";
import { withOptOut } from "../shared/sms-consent";
import { email, type EmailResult, type EmailTemplateName } from "./email";
import { logMessage } from "./log";
import { templates, type CustomerConsent, type TemplateName, type TemplateParams, type Templates } from "./templates";

export * as Texts from "./index";
export { broadcastPhone, consent, optedOut, optedOutNumbers } from "./consent";
export { hasPromotionalConsent } from "../shared/sms-consent";
export { SMS_HELP_REPLY, templates, type TemplateName } from "./templates";
export { email, emailStaff, type EmailResult, type EmailTemplateName } from "./email";

/** A customer of the shop: read here by id, or handed over when the caller has just read them. */
export type CustomerRecipient = ({ userId: string } | { user: Customer }) & { orderId?: string };
/** A number given with a text its owner asked for. */
export interface NumberRecipient {
  /** E.164. */
  phone: string;
  userId?: string;
  orderId?: string;
}

type ForCustomer<N extends TemplateName> = Templates[N]["consent"] extends CustomerConsent ? true : false;
/** Whom template `N` is sent to: a customer for a rule read from their profile, else a number. */
export type RecipientOf<N extends TemplateName> = ForCustomer<N> extends true ? CustomerRecipient : NumberRecipient;

export interface TextResult {
  /** sent: the provider took it; failed: it refused or errored; blocked: the number replied STOP. */
  status: "sent" | "failed" | "blocked";
  logId: string;
  /** The words sent (or that would have been). */
  body: string;
  /** The provider's message id, when it took the text. */
  externalId?: string;
  error?: string;
}

/** The customer's consent left them out: nothing sent, nothing logged. */
export interface Skipped {
  status: "skipped";
  reason: SkipReason;
}

/** What `send` answers: a customer may be skipped; a number asked for its text and never is. */
export type OutcomeOf<N extends TemplateName> = ForCustomer<N> extends true ? TextResult | Skipped : TextResult;

const STOPPED = "The recipient replied STOP; no texts are sent until they reply START.";

async function customerOf(to: CustomerRecipient): Promise<Customer | null> {
  if ("user" in to) return to.user;
  const { data } = await db().entities.user.get({ userId: to.userId }).go();
  return data;
}

/** Sends template `name` with `params` to `to` (see above). Never throws for a delivery problem. */
export async function send<N extends TemplateName>(name: N, params: TemplateParams<N>, to: RecipientOf<N>): Promise<OutcomeOf<N>> {
  // First: a function that may text declares it, whether or not this text goes out.
  requireGrant({ texts: true });
  const template = templates[name];
  const words = template.words as (params: TemplateParams<N>) => string;
  let phone: string;
  let userId: string | undefined;
  if (template.consent === "orderUpdates" || template.consent === "promotions") {
    const customer = await customerOf(to as CustomerRecipient);
    const allowed = consent(template.consent, customer);
    if ("skipped" in allowed) return { status: "skipped", reason: allowed.skipped } as OutcomeOf<N>;
    phone = allowed.phone;
    userId = customer!.userId;
  } else {
    ({ phone, userId } = to as NumberRecipient);
  }
  // Every promotional text ends with how to opt out (the one place it is added).
  const body = template.consent === "promotions" ? withOptOut(words(params)) : words(params);

  let status: TextResult["status"] = "sent";
  let error: string | undefined;
  let externalId: string | undefined;
  // HELP is answered whatever the number's opt-out: the carriers' rule (it stays opted out of everything else).
  if (template.consent !== "help" && (await optedOut(phone))) {
    status = "blocked";
    error = STOPPED;
  } else {
    try {
      externalId = await (await smsProvider()).send(phone, body);
    } catch (caught) {
      status = "failed";
      error = (caught as Error).message || "The SMS provider refused the message.";
      // Counted by the stage's texts-failing alarm (stacks/watch.ts `TEXT_FAILED`): the number's last digits only.
      console.error(`${TEXT_FAILED}: ${name} to …${phone.slice(-4)}: ${error}`);
    }
  }
  const logId = await logMessage({ channel: "sms", template: name, recipient: phone, message: body, sent: status === "sent", externalId, error, userId, orderId: to.orderId });
  return { status, logId, body, externalId, error } as OutcomeOf<N>;
}

/**
 * Sends template `name` to the customer on each channel their profile allows: the text (`send`: `smsNotifications`,
 * a phone, no STOP) and the email (`email`: `emailNotifications`, an address). The customer is read once. Answers
 * both outcomes; never throws for a delivery problem.
 */
export async function notify<N extends EmailTemplateName>(
  name: N,
  params: TemplateParams<N>,
  to: { userId: string; orderId?: string },
): Promise<{ sms: OutcomeOf<N> | TextResult; email: EmailResult }> {
  const { data: user } = await db().entities.user.get({ userId: to.userId }).go();
  const recipient = user ? { user, orderId: to.orderId } : { userId: to.userId, orderId: to.orderId };
  const sms = await send(name, params, recipient as RecipientOf<N>);
  return { sms, email: await email(name, params, recipient) };
}
