import { Function, type Bucket, type Cognito, type FunctionProps, type Table } from "sst/constructs";
import { env } from "../infra/env";
import { kindOfDeclaration, memorySizeOf } from "../infra/functions";
import type { FunctionDeclaration } from "../infra/webhooks";
import type { FunctionRoles } from "./grants";

/**
 * How long a handler may run. Every AWS SDK call gives up within about 7 s
 * (packages/core/src/aws) and Stripe within 16 s, so a handler always answers
 * with its own message before this; API Gateway's own limit is 30 s.
 */
export const handlerTimeoutSeconds = 25;

export interface HandlerResources {
  table: Table;
  uploads: Bucket;
  cognito: Cognito;
  issuer: string;
  /** Where GET /api/login sends the browser. */
  loginUrl: string;
  /** The site's public origin, or "" when the stage does not know it yet. */
  siteUrl: string;
  /** The CloudFront origin secret, for the API's functions only (behind the site); "" for the others. */
  originSecretValue?: string;
}

/**
 * What every handler gets, whatever the route: its time limit and each variable of infra/env.ts. Nothing is
 * bound and no permission is given here: what a function may touch is its own declaration's role and secrets
 * (stacks/grants.ts `FunctionRoles.props`).
 */
export function handlerDefaults(resources: HandlerResources): FunctionProps {
  // EMAIL_FROM is not everyone's: only a function granted email gets it, with its role (stacks/grants.ts), and
  // USER_EXPORTS_BUCKET only the function granted userExports; nor is REGRIP_ROUTE, which only an API route's
  // function gets, its own (stacks/Api.ts).
  const values: Record<Exclude<keyof typeof env, "emailFrom" | "userExportsBucket" | "route">, string> = {
    tableName: resources.table.tableName,
    userPoolId: resources.cognito.userPoolId,
    userPoolClientId: resources.cognito.userPoolClientId,
    issuer: resources.issuer,
    loginUrl: resources.loginUrl,
    siteUrl: resources.siteUrl,
    uploadsBucket: resources.uploads.bucketName,
    // The cloud keeps photos in the bucket; only one machine writes them to a folder.
    uploadsDir: "",
    // The cloud has no outbox file: without Twilio or SNS, texts go to the logs and the communications log.
    smsOutboxFile: "",
    // Nor an email outbox: without a verified sender, emails go to the logs and the communications log.
    emailOutboxFile: "",
    // Twilio is given the SMS webhook's function URL itself, which is the URL the request arrives on.
    smsWebhookUrl: "",
    originSecret: resources.originSecretValue ?? "",
  };
  const environment = Object.fromEntries(
    (Object.keys(values) as (keyof typeof values)[]).map((key) => [env[key], values[key]]),
  );
  return {
    timeout: handlerTimeoutSeconds,
    environment,
  };
}

/**
 * A webhook's or a job's function (infra/webhooks.ts, infra/jobs.ts): the defaults, its handler, its kind's memory
 * (infra/functions.ts) and its own grants.
 */
export function declaredFunction(defaults: FunctionProps, roles: FunctionRoles, declaration: FunctionDeclaration): FunctionProps {
  return Function.mergeProps(defaults, {
    handler: declaration.handler,
    memorySize: memorySizeOf(kindOfDeclaration(declaration)),
    ...roles.props(declaration.grants, declaration),
  });
}
