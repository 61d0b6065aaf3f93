import { Config, type Stack } from "sst/constructs";
import { useProject } from "sst/project.js";
import { secrets, type SecretName } from "../infra/env";

export type Secrets = Record<SecretName, Config.Secret>;

/**
 * The secrets of infra/env.ts are SST secrets: names in the code, values in SSM as SecureStrings
 * (`npx sst secrets set NAME value --stage S`). One `Config.Secret` per name, made once in the Storage stack;
 * it creates no CloudFormation resource. Nothing is bound with them (binding grants): a function may read
 * exactly the secrets its declaration names (infra/grants.ts, stacks/grants.ts), and each such function's SST
 * metadata names them, so `sst secrets set` restarts the functions that read the secret it changed.
 */
export function createSecrets(stack: Stack): Secrets {
  return Object.fromEntries(secrets.map(({ name }) => [name, new Config.Secret(stack, name)])) as Secrets;
}

/** Where `sst secrets set` stores a secret of this stage (a SecureString). */
export function secretParameterName(name: SecretName): string {
  return `${useProject().config.ssmPrefix}Secret/${name}/value`;
}
