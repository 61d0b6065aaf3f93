/**
 * Where `npm run stage:setup` finds a stage: a deployed stage through its stacks' outputs and SSM, or the local
 * shop through its settings and state file. Either way the answer is a `StageTarget` for scripts/lib/stage-setup.ts.
 */
import { DescribeStacksCommand, type CloudFormationClient } from "@aws-sdk/client-cloudformation";
import type { CognitoIdentityProviderClient } from "@aws-sdk/client-cognito-identity-provider";
import { GetParameterCommand, GetParametersCommand, PutParameterCommand, type SSMClient } from "@aws-sdk/client-ssm";
import { secrets, type SecretName } from "../../infra/env";
import type { LocalPool } from "../../infra/local/cognito";
import { handlerEnvironment } from "../../infra/local/shop";
import type { LocalSettings } from "../../infra/local/settings";
import { StageSetupError, type SecretStatus, type StageTarget } from "./stage-setup";

/** The app's name in sst.config.ts: SST names each stack `<stage>-<app>-<Stack>` and each secret under `/sst/<app>/`. */
export const appName = "regrip";

/** The stack outputs stage:setup reads (the infra test checks the stacks declare them). */
export const stageOutputs = {
  Auth: ["UserPoolId"],
  Storage: ["TableName"],
  Web: ["SiteUrl"],
  Webhooks: ["StripeWebhookUrl"],
} as const;

/** The stacks whose outputs the scripts read: stage:setup's, and Jobs (production's UserExportsBucket, for restore:users). */
type OutputStack = keyof typeof stageOutputs | "Jobs";

export const stackName = (stage: string, stack: OutputStack) => `${stage}-${appName}-${stack}`;

/** Where `sst secrets set NAME value --stage <stage>` puts a secret (stacks/Secrets.ts, packages/core/src/secrets). */
export const secretParameter = (stage: string, name: SecretName) => `/sst/${appName}/${stage}/Secret/${name}/value`;
/** Where `sst secrets set --fallback` puts it. */
export const fallbackParameter = (name: SecretName) => `/sst/${appName}/.fallback/Secret/${name}/value`;

/** A deployed stage's own AWS clients: the command makes them with the default credentials, tests pass stand-ins. */
export interface CloudClients {
  cloudFormation: Pick<CloudFormationClient, "send">;
  ssm: Pick<SSMClient, "send">;
  cognito: CognitoIdentityProviderClient;
}

export interface CloudStage {
  target: StageTarget;
  /** The site's URL (the Web stack's SiteUrl), when deployed. */
  siteUrl?: string;
  /** The Stripe webhook's function URL (the Webhooks stack's StripeWebhookUrl), when deployed. */
  stripeWebhookUrl?: string;
}

async function stackOutputs(clients: CloudClients, stage: string, stack: OutputStack, region: string): Promise<Record<string, string>> {
  const name = stackName(stage, stack);
  let answer;
  try {
    answer = await clients.cloudFormation.send(new DescribeStacksCommand({ StackName: name }));
  } catch (error) {
    if ((error as Error).name === "ValidationError" && /does not exist/.test((error as Error).message)) {
      throw new StageSetupError(`Stack ${name} does not exist in ${region}: deploy the stage first (npx sst deploy --stage ${stage}), or set AWS_REGION to the region it is in.`);
    }
    throw error;
  }
  const found = answer.Stacks?.[0];
  if (!found) throw new StageSetupError(`Stack ${name} does not exist in ${region}.`);
  return Object.fromEntries((found.Outputs ?? []).filter((o) => o.OutputKey && o.OutputValue).map((o) => [o.OutputKey!, o.OutputValue!]));
}

function requireOutput(outputs: Record<string, string>, stage: string, stack: OutputStack, key: string): string {
  const value = outputs[key];
  if (!value) {
    throw new StageSetupError(`Stack ${stackName(stage, stack)} has no ${key} output: deploy the stage again with this version of the code (npx sst deploy --stage ${stage}).`);
  }
  return value;
}

/** Which of `names` exist in SSM, ten at a time (GetParameters' limit), without decrypting a value. */
async function existingParameters(ssm: CloudClients["ssm"], names: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < names.length; i += 10) {
    const answer = await ssm.send(new GetParametersCommand({ Names: names.slice(i, i + 10), WithDecryption: false }));
    for (const parameter of answer.Parameters ?? []) if (parameter.Name) found.add(parameter.Name);
  }
  return found;
}

/** Each secret of infra/env.ts on `stage`: set (its own SSM parameter), only a fallback, or unset. */
export async function cloudSecrets(ssm: CloudClients["ssm"], stage: string): Promise<SecretStatus[]> {
  const names = secrets.map((s) => s.name);
  const own = await existingParameters(ssm, names.map((name) => secretParameter(stage, name)));
  const missing = names.filter((name) => !own.has(secretParameter(stage, name)));
  const fallbacks = missing.length ? await existingParameters(ssm, missing.map(fallbackParameter)) : new Set<string>();
  return names.map((name): SecretStatus => {
    if (own.has(secretParameter(stage, name))) return { name, state: "set" };
    if (fallbacks.has(fallbackParameter(name))) {
      // SST's own runtime would read it; this code's reader (packages/core/src/secrets) and the deploy-time read of
      // the identity providers' secrets (stacks/identity-providers.ts) read the stage's parameter only.
      return { name, state: "fallback", note: "only a --fallback value is set, and the shop reads the stage's own value only: set it with --stage" };
    }
    return { name, state: "unset" };
  });
}

/** A deployed stage, found by its stacks' outputs (CloudFormation DescribeStacks). */
export async function cloudTarget(stage: string, region: string, clients: CloudClients, invitation: StageTarget["invitation"]): Promise<CloudStage> {
  const auth = await stackOutputs(clients, stage, "Auth", region);
  const storage = await stackOutputs(clients, stage, "Storage", region);
  const optional = async (stack: "Web" | "Webhooks", key: string): Promise<string | undefined> => {
    try {
      return (await stackOutputs(clients, stage, stack, region))[key];
    } catch (error) {
      if (!(error instanceof StageSetupError)) throw error;
      return undefined;
    }
  };
  const siteUrl = await optional("Web", "SiteUrl");
  const stripeWebhookUrl = await optional("Webhooks", "StripeWebhookUrl");
  return {
    siteUrl,
    stripeWebhookUrl,
    target: {
      label: `stage ${stage} in ${region}`,
      cognito: clients.cognito,
      userPoolId: requireOutput(auth, stage, "Auth", "UserPoolId"),
      tableName: requireOutput(storage, stage, "Storage", "TableName"),
      secretsWhere: `SSM /sst/${appName}/${stage}/Secret/<NAME>/value`,
      secrets: () => cloudSecrets(clients.ssm, stage),
      invitation,
    },
  };
}

/**
 * The local shop (`npm start`): its pool from the state file, the table it creates, and the secrets its handlers
 * get (`.env`, and npm start's own stand-in values for the webhook secrets). The caller points the AWS SDK at
 * DynamoDB Local (`handlerEnvironment`), as npm start does for the handlers.
 */
export function localTarget(settings: LocalSettings, pool: LocalPool, tableName: string, cognito: CognitoIdentityProviderClient): StageTarget {
  const environment = handlerEnvironment(settings, pool);
  return {
    label: "the local shop",
    cognito,
    userPoolId: pool.userPoolId,
    tableName,
    secretsWhere: ".env (npm start)",
    secrets: async () =>
      secrets.map(({ name }): SecretStatus => {
        if (settings.vars[name]) return { name, state: "set" };
        if (environment[name]) return { name, state: "set", note: "npm start's own value, for its local stand-in" };
        return { name, state: "unset" };
      }),
    invitation: "print",
  };
}

/** A secret's value on `stage` (its own SSM parameter, decrypted), or undefined when unset. */
export async function readStageSecret(ssm: CloudClients["ssm"], stage: string, name: SecretName): Promise<string | undefined> {
  try {
    const answer = await ssm.send(new GetParameterCommand({ Name: secretParameter(stage, name), WithDecryption: true }));
    return answer.Parameter?.Value || undefined;
  } catch (error) {
    if ((error as Error).name === "ParameterNotFound") return undefined;
    throw error;
  }
}

/** Stores a secret's value for `stage` where `npx sst secrets set NAME value --stage <stage>` puts it (a SecureString). */
export async function storeStageSecret(ssm: CloudClients["ssm"], stage: string, name: SecretName, value: string): Promise<void> {
  await ssm.send(new PutParameterCommand({ Name: secretParameter(stage, name), Value: value, Type: "SecureString", Overwrite: true }));
}

/**
 * The stage's Stripe webhook as `npm run smoke -- --stage` posts to it: the Webhooks stack's StripeWebhookUrl and
 * the stage's STRIPE_WEBHOOK_SECRET; a StageSetupError saying what is missing.
 */
export async function stageStripeWebhook(
  stage: string,
  region: string,
  clients: Pick<CloudClients, "cloudFormation" | "ssm">,
): Promise<{ url: string; secret: string }> {
  const url = requireOutput(await stackOutputs(clients as CloudClients, stage, "Webhooks", region), stage, "Webhooks", "StripeWebhookUrl");
  const secret = await readStageSecret(clients.ssm, stage, "STRIPE_WEBHOOK_SECRET");
  if (!secret) throw new StageSetupError(`STRIPE_WEBHOOK_SECRET is unset on stage ${stage}: run npm run stage:setup -- --stage ${stage} with STRIPE_SECRET_KEY set (docs/deploy.md, "Stripe webhook").`);
  return { url, secret };
}

/**
 * Production's user-exports bucket (the Jobs stack's UserExportsBucket output), where `npm run restore:users` reads a
 * night's export by its key; a StageSetupError when the stage has none (a disposable stage exports nothing).
 */
export async function stageUserExportsBucket(stage: string, region: string, clients: Pick<CloudClients, "cloudFormation">): Promise<string> {
  const outputs = await stackOutputs(clients as CloudClients, stage, "Jobs", region);
  if (!outputs.UserExportsBucket) {
    throw new StageSetupError(`Stage ${stage} has no user-exports bucket (only a production stage exports its users nightly): give --from a file instead.`);
  }
  return outputs.UserExportsBucket;
}
