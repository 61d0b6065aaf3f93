import { Function, use, type StackContext } from "sst/constructs";
import { Auth } from "./Auth";
import { handlerDefaults } from "./handlers";
import { deploySettings } from "./settings";
import { Storage } from "./Storage";
import { Web } from "./Web";

export const stripeWebhookHandler = "packages/functions/src/webhooks/stripe.handler";

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

  stack.addOutputs({ StripeWebhookUrl: stripe.url });

  return { stripe };
}
