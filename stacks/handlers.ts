import { PolicyStatement } from "aws-cdk-lib/aws-iam";
import type { Bucket, Cognito, FunctionProps, Table } from "sst/constructs";
import { env } from "../infra/env";
import type { Secrets } from "./Secrets";

/**
 * How long a handler may run. Every AWS SDK call gives up within about 7 s
 * (packages/core/src/aws) and Stripe within 16 s, so a handler always answers
 * with its own message before this; API Gateway's own limit is 30 s.
 */
export const handlerTimeoutSeconds = 25;

export interface HandlerResources {
  table: Table;
  uploads: Bucket;
  secrets: Secrets;
  cognito: Cognito;
  issuer: string;
  /** Where GET /api/login sends the browser. */
  loginUrl: string;
  /** The site's public origin, or "" when the stage does not know it yet. */
  siteUrl: string;
}

/**
 * What every handler gets, whatever the route: each variable of infra/env.ts,
 * the table and the uploads bucket bound (their IAM permissions come with the
 * binding), and every secret bound (SST sets `SST_Secret_value_<NAME>` to
 * `__FETCH_FROM_SSM__` and grants ssm:GetParameters on its parameter).
 */
export function handlerDefaults(resources: HandlerResources, options: { passwordSignIn: boolean }): FunctionProps {
  const values: Record<keyof typeof env, string> = {
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
    // Twilio is given the SMS webhook's function URL itself, which is the URL the request arrives on.
    smsWebhookUrl: "",
  };
  const environment = Object.fromEntries(
    (Object.keys(values) as (keyof typeof env)[]).map((key) => [env[key], values[key]]),
  );
  return {
    timeout: handlerTimeoutSeconds,
    environment,
    bind: [resources.table, resources.uploads, ...Object.values(resources.secrets)],
    permissions: [
      // Texts through Amazon SNS go to phone numbers, which have no ARN.
      new PolicyStatement({ actions: ["sns:Publish"], resources: ["*"] }),
      ...(options.passwordSignIn
        ? [
            // POST /api/auth/local signs users in through the pool.
            new PolicyStatement({
              actions: ["cognito-idp:InitiateAuth"],
              resources: [resources.cognito.userPoolArn],
            }),
          ]
        : []),
    ],
  };
}
