import { ServicePrincipal, PolicyStatement } from "aws-cdk-lib/aws-iam";
import { FilterPattern, LogGroup, SubscriptionFilter } from "aws-cdk-lib/aws-logs";
import { LambdaDestination } from "aws-cdk-lib/aws-logs-destinations";
import { Function, Topic, use, type StackContext } from "sst/constructs";
import { smsWebhook, snsDeliveryStatus, snsInbound, stripeWebhook, type FunctionDeclaration } from "../infra/webhooks";
import { Auth } from "./Auth";
import { FunctionRoles } from "./grants";
import { declaredFunction, handlerDefaults } from "./handlers";
import { deploySettings } from "./settings";
import { Storage } from "./Storage";
import { failureQueue, keepFailedInvocations, watchPayments } from "./watch";
import { Web } from "./Web";


/** The log groups SNS writes its SMS delivery status lines to, once delivery status logging is on in the account. */
export function snsDeliveryLogGroups(region: string, account: string): string[] {
  const base = `sns/${region}/${account}/DirectPublishToPhoneNumber`;
  return [base, `${base}/Failure`];
}

export function Webhooks({ app, stack }: StackContext) {
  const storage = use(Storage);
  const { cognito, issuer } = use(Auth);
  const { site } = use(Web);
  const settings = deploySettings(app);
  // This stack follows Web, so links in texts and receipts can use the site's real URL.
  const siteUrl = settings.siteUrl ?? site.url ?? "";

  const defaults = handlerDefaults({ ...storage, cognito, issuer, loginUrl: siteUrl ? `${siteUrl}/login` : "/login", siteUrl });
  const roles = new FunctionRoles(stack, { ...storage, cognito, emailFrom: settings.emailFrom });
  const declared = (declaration: FunctionDeclaration) => declaredFunction(defaults, roles, declaration);

  const stripe = new Function(stack, "StripeWebhook", {
    // Stripe signs every post (STRIPE_WEBHOOK_SECRET); the URL itself is public and no browser calls it.
    url: { authorizer: "none", cors: false },
    ...declared(stripeWebhook),
    // Payments confirm here: a reservation keeps API bursts from starving it and caps a burst of Stripe's
    // deliveries (a throttled one is retried by Stripe). 0 reserves nothing (REGRIP_STRIPE_WEBHOOK_CONCURRENCY).
    reservedConcurrentExecutions: settings.stripeWebhookConcurrency || undefined,
  });
  // Its error lines and its 4xx and 5xx answers alarm (stacks/watch.ts): a broken webhook loses payments.
  watchPayments(stripe, { stripeWebhook: true });

  const sms = new Function(stack, "SmsWebhook", {
    // Twilio signs every post with the account's auth token (TWILIO_AUTH_TOKEN, part of its texts grant); the URL
    // is public and no browser calls it. Set it as the number's "A message comes in" webhook and as the status
    // callback; with SNS instead of Twilio it refuses everything: SNS's texts come in through SmsInbound below.
    url: { authorizer: "none", cors: false },
    ...declared(smsWebhook),
  });

  // Texts in with Amazon SNS: AWS End User Messaging's two-way SMS publishes each text sent to the shop's number to
  // this topic (set it as the number's two-way destination, docs/deploy.md). Only the topic may invoke the function.
  // A text SNS cannot hand to the function, and one the function failed on after its retries, wait in the
  // stack's failure queue (stacks/watch.ts alarms on it).
  const smsInbound = new Topic(stack, "SmsInbound", {
    subscribers: {
      inbound: {
        function: declared(snsInbound),
        cdk: { subscription: { deadLetterQueue: failureQueue(stack) } },
      },
    },
  });
  for (const subscriber of smsInbound.subscriberFunctions) keepFailedInvocations(subscriber);
  smsInbound.cdk.topic.addToResourcePolicy(
    new PolicyStatement({
      principals: [new ServicePrincipal("sms-voice.amazonaws.com")],
      actions: ["sns:Publish"],
      resources: [smsInbound.topicArn],
      conditions: { StringEquals: { "aws:SourceAccount": stack.account } },
    }),
  );

  // What became of each text SNS sent: its delivery status log lines, once the account logs them (docs/deploy.md).
  // SNS makes the two log groups itself, so a stage subscribes to them only when told they exist.
  let smsDeliveryStatus: Function | undefined;
  if (settings.snsDeliveryLogs) {
    smsDeliveryStatus = new Function(stack, "SmsDeliveryStatus", declared(snsDeliveryStatus));
    // CloudWatch Logs invokes it asynchronously: a batch it failed on is kept rather than dropped.
    keepFailedInvocations(smsDeliveryStatus);
    for (const [index, name] of snsDeliveryLogGroups(stack.region, stack.account).entries()) {
      new SubscriptionFilter(stack, `SmsDeliveryStatusFilter${index}`, {
        logGroup: LogGroup.fromLogGroupName(stack, `SmsDeliveryLogGroup${index}`, name),
        destination: new LambdaDestination(smsDeliveryStatus),
        filterPattern: FilterPattern.allEvents(),
      });
    }
  }

  roles.noteSecrets(stripe, stripeWebhook.grants);
  roles.noteSecrets(sms, smsWebhook.grants);
  for (const fn of smsInbound.subscriberFunctions) roles.noteSecrets(fn, snsInbound.grants);
  if (smsDeliveryStatus) roles.noteSecrets(smsDeliveryStatus, snsDeliveryStatus.grants);

  stack.addOutputs({ StripeWebhookUrl: stripe.url, SmsWebhookUrl: sms.url, SmsInboundTopicArn: smsInbound.topicArn });

  return { stripe, sms, smsInbound, smsDeliveryStatus };
}
