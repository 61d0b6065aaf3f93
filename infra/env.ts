/**
 * The environment contract: every variable a handler may read, in one place.
 *
 * The Api and Webhooks stacks set the plain variables from the resources they
 * create; secrets live in SST config (`npx sst secrets set NAME value --stage S`)
 * and are bound to every function. On one machine, infra/local/start.ts sets
 * the same names from `.env` (see `.env.example`). Handlers never ask where
 * they run: they read these names.
 */
export const env = {
  /** Name of the single DynamoDB table. */
  tableName: "TABLE_NAME",
  /** Cognito user pool and the web client the browser and POST /api/auth/local use. */
  userPoolId: "COGNITO_USER_POOL_ID",
  userPoolClientId: "COGNITO_CLIENT_ID",
  /** Token issuer; its JWKS lives at `${issuer}/.well-known/jwks.json`. */
  issuer: "COGNITO_ISSUER",
  /** Where /api/login sends a browser to sign in (the site's /login page, or a hosted UI). */
  loginUrl: "LOGIN_URL",
  /** Public origin of the site, used for absolute links (checkout return, SMS links). */
  siteUrl: "SITE_URL",
  /** Bucket for paddle photos (the cloud); on one machine photos go under .local/. */
  uploadsBucket: "UPLOADS_BUCKET",
  /**
   * With no bucket, the folder paddle photos are written to (npm start: .local/uploads), served by the local
   * server at /uploads/. Empty in the cloud.
   */
  uploadsDir: "UPLOADS_DIR",
  /** With no SMS provider configured, texts are appended here as JSON lines (npm start: .local/outbox.jsonl). */
  smsOutboxFile: "SMS_OUTBOX_FILE",
  /**
   * With no verified sender (EMAIL_FROM unset), emails are appended here as JSON lines (npm start:
   * .local/email-outbox.jsonl, beside the texts' outbox; /local/outbox shows both).
   */
  emailOutboxFile: "EMAIL_OUTBOX_FILE",
  /**
   * The stage's verified Amazon SES sender (the REGRIP_EMAIL_FROM setting, stacks/settings.ts), given only to the
   * functions that declare the email grant, whose role may send from it and from nothing else. Unset: emails go
   * only to the logs (the outbox file on one machine) and the communications log.
   */
  emailFrom: "EMAIL_FROM",
  /**
   * The bucket the nightly user export writes to (the Jobs stack's UserExports, production only), given only to the
   * function that declares the userExports grant.
   */
  userExportsBucket: "USER_EXPORTS_BUCKET",
  /**
   * The URL Twilio is told to post inbound texts and delivery reports to, exactly as configured there (Twilio
   * signs it). Unset: the SMS webhook's own URL as the request reached it (the function URL; /webhooks/sms locally).
   */
  smsWebhookUrl: "SMS_WEBHOOK_URL",
  /**
   * The value CloudFront puts in every request it sends the API (stacks/Web.ts, a generated Secrets Manager
   * secret of the stage): a request that carries it came through the site, so its viewer-address header is
   * trusted (packages/functions/src/http/origin.ts). Empty on one machine and outside the API.
   */
  originSecret: "ORIGIN_SECRET",
  /**
   * An API route's function only: its own route (method, path, access, grants; http/own-route.ts), set by its API
   * stack (stacks/Api.ts), so the function finds its access without carrying the whole route table. Unset on one
   * machine, where every route runs in one process and the handler reads the table.
   */
  route: "REGRIP_ROUTE",
} as const;

/**
 * Secrets, each an SST `Config.Secret` of the same name in the cloud and a
 * line of `.env` on one machine. Read them with `secret(NAME)` from
 * `@regrip/core/secrets`, which looks in the environment, then in SSM. All are optional: without Stripe keys a
 * deployed stage takes no card payments (503) and npm start's local payment page stands in; without Twilio or SNS
 * the SMS outbox does.
 * What a stage goes without while a secret is unset is `whenUnset` below.
 */
export const secrets = [
  { name: "STRIPE_SECRET_KEY", purpose: "Stripe API key (test or live); unset = no card payments in the cloud, the local payment page under npm start" },
  { name: "STRIPE_WEBHOOK_SECRET", purpose: "Signing secret of the Stripe webhook endpoint" },
  { name: "TWILIO_ACCOUNT_SID", purpose: "Twilio account for SMS" },
  { name: "TWILIO_AUTH_TOKEN", purpose: "Twilio auth token" },
  { name: "TWILIO_FROM_NUMBER", purpose: "Twilio sending number, E.164" },
  { name: "SNS_SMS_SENDER_ID", purpose: "Sender id when SMS goes through Amazon SNS instead of Twilio" },
  { name: "SNS_ORIGINATION_NUMBER", purpose: "SNS origination number, E.164; set to send SMS through SNS" },
  { name: "GOOGLE_CLIENT_ID", purpose: "Google identity provider for the hosted sign-in" },
  { name: "GOOGLE_CLIENT_SECRET", purpose: "Google identity provider secret" },
  { name: "APPLE_SERVICES_ID", purpose: "Sign in with Apple services id" },
  { name: "APPLE_TEAM_ID", purpose: "Apple developer team id" },
  { name: "APPLE_KEY_ID", purpose: "Apple private key id" },
  { name: "APPLE_PRIVATE_KEY", purpose: "Apple private key (PEM)" },
  { name: "GITHUB_CLIENT_ID", purpose: "GitHub OIDC client id (through an OIDC bridge)" },
  { name: "GITHUB_CLIENT_SECRET", purpose: "GitHub OIDC client secret" },
] as const;

export type SecretName = (typeof secrets)[number]["name"];

const twilioOff =
  "Texts do not go through Twilio (it needs all three TWILIO_* secrets): through Amazon SNS when SNS_ORIGINATION_NUMBER or SNS_SMS_SENDER_ID is set, else only to the logs and the communications log, and no customer gets a text.";
const snsOff = "With the other SNS secret and Twilio's three unset too, texts go only to the logs and the communications log: no customer gets a text.";
const googleOff =
  "No Sign in with Google: the hosted UI offers it only when REGRIP_IDENTITY_PROVIDERS lists google, and a deploy that lists it fails while this is unset.";
const appleOff =
  "No Sign in with Apple: the hosted UI offers it only when REGRIP_IDENTITY_PROVIDERS lists apple, and a deploy that lists it fails while this is unset.";
const githubOff =
  "No Sign in with GitHub: the hosted UI offers it only when REGRIP_IDENTITY_PROVIDERS lists github, and a deploy that lists it fails while this is unset.";

/**
 * What a stage goes without while each secret of `secrets` is unset, as `npm run stage:setup` lists it. A record of
 * its own beside the list rather than a field of it: every handler that reads a secret bundles `secrets`, and these
 * words are for people, not handlers. esbuild leaves this unread constant out of every bundle as long as it is built
 * from plain strings (a template literal made it keep the whole record).
 */
export const whenUnset: Record<SecretName, string> = {
  STRIPE_SECRET_KEY:
    "No card payments: every card checkout, card refund and membership call answers 503 (Card payments are not set up) and the payment alarm fires; cash and the counter's card terminal still work. Only npm start uses its local payment page instead.",
  STRIPE_WEBHOOK_SECRET:
    "The Stripe webhook answers 503 to every event, so no card payment is ever marked paid (npm start signs its payment page's events with a secret of its own).",
  TWILIO_ACCOUNT_SID: twilioOff,
  TWILIO_AUTH_TOKEN:
    "Texts do not go through Twilio (it needs all three TWILIO_* secrets): through Amazon SNS when SNS_ORIGINATION_NUMBER or SNS_SMS_SENDER_ID is set, else only to the logs and the communications log, and no customer gets a text. The SMS webhook refuses Twilio's posts (replies such as STOP, delivery reports) with 403.",
  TWILIO_FROM_NUMBER: twilioOff,
  SNS_SMS_SENDER_ID: snsOff,
  SNS_ORIGINATION_NUMBER: snsOff,
  GOOGLE_CLIENT_ID: googleOff,
  GOOGLE_CLIENT_SECRET: googleOff,
  APPLE_SERVICES_ID: appleOff,
  APPLE_TEAM_ID: appleOff,
  APPLE_KEY_ID: appleOff,
  APPLE_PRIVATE_KEY: appleOff,
  GITHUB_CLIENT_ID: githubOff,
  GITHUB_CLIENT_SECRET: githubOff,
};
