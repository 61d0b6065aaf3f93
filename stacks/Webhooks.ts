import { Function, use, type StackContext } from "sst/constructs";
import { Auth } from "./Auth";
import { handlerDefaults } from "./handlers";
import { deploySettings } from "./settings";
import { Storage } from "./Storage";
import { Web } from "./Web";

export const stripeWebhookHandler = "packages/functions/src/webhooks/stripe.handler";
export const smsWebhookHandler = "packages/functions/src/webhooks/sms.handler";

export function Webhooks({ app, stack }: StackContext) {
  const storage = use(Storage);
  const { cognito, issuer } = use(Auth);
  const { site } = use(Web);
  const settings = deploySettings(app);
  // This stack follows Web, so links in texts and receipts can use the site's real URL.
  const siteUrl = settings.siteUrl ?? site.url ?? "";

  const stripe = new Function(stack, "StripeWebhook", {
    handler: stripeWebhookHandler,
    // Stripe signs every post (STRIPE_WEBHOOK_SECRET); the URL itself is public and no browser calls it.
    url: { authorizer: "none", cors: false },
    ...handlerDefaults(
      { ...storage, cognito, issuer, loginUrl: siteUrl ? `${siteUrl}/login` : "/login", siteUrl },
      { passwordSignIn: false },
    ),
  });

  const defaults = handlerDefaults(
    { ...storage, cognito, issuer, loginUrl: siteUrl ? `${siteUrl}/login` : "/login", siteUrl },
    { passwordSignIn: false },
  );
  const sms = new Function(stack, "SmsWebhook", {
    handler: smsWebhookHandler,
    // Twilio signs every post with the account's auth token (TWILIO_AUTH_TOKEN, bound to every function); the URL
    // is public and no browser calls it. Set it as the number's "A message comes in" webhook and as the status
    // callback; with SNS instead of Twilio it refuses everything (see docs/architecture.md, SMS in and out).
    url: { authorizer: "none", cors: false },
    ...defaults,
  });

  stack.addOutputs({ StripeWebhookUrl: stripe.url, SmsWebhookUrl: sms.url });

  return { stripe, sms };
}
