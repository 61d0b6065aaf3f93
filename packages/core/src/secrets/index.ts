import type { SSMClient } from "@aws-sdk/client-ssm";
import type { SecretName } from "../../../../infra/env";
import { sdkClientConfig } from "../aws";
import { requireGrant } from "../aws/grants";

export * as Secrets from "./index";

/**
 * Reads a secret of infra/env.ts. On one machine it is a plain environment
 * variable (from `.env`). In the cloud it is an SST secret: SST binds it as
 * `SST_Secret_value_<NAME>` = "__FETCH_FROM_SSM__" with `SST_SSM_PREFIX`,
 * and the value lives in SSM under `<prefix>Secret/<NAME>/value`. All secrets
 * are optional, so a missing one is `undefined`, never an error.
 */
const cache = new Map<SecretName, Promise<string | undefined>>();
let ssm: SSMClient | undefined;

async function fromSsm(name: SecretName): Promise<string | undefined> {
  const prefix = process.env.SST_SSM_PREFIX;
  if (!prefix || process.env[`SST_Secret_value_${name}`] !== "__FETCH_FROM_SSM__") return undefined;
  // Loaded only where a secret lives in SSM (in the cloud, the first time one is read): never on one machine.
  const { SSMClient: Client, GetParametersCommand } = await import("@aws-sdk/client-ssm");
  ssm ??= new Client(sdkClientConfig());
  const answer = await ssm.send(new GetParametersCommand({ Names: [`${prefix}Secret/${name}/value`], WithDecryption: true }));
  return answer.Parameters?.[0]?.Value || undefined;
}

export function secret(name: SecretName): Promise<string | undefined> {
  // Every read, set or not, cached or not: the running function must declare the secret (aws/grants.ts).
  requireGrant({ secret: name });
  const plain = process.env[name];
  if (plain) return Promise.resolve(plain);
  let found = cache.get(name);
  if (!found) {
    found = fromSsm(name).catch((error: unknown) => {
      cache.delete(name);
      throw error;
    });
    cache.set(name, found);
  }
  return found;
}

