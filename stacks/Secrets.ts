import type { Stack } from "sst/constructs";
import { Config } from "sst/constructs";
import { useProject } from "sst/project.js";
import { secrets, type SecretName } from "../infra/env";

export type Secrets = Record<SecretName, Config.Secret>;

/**
 * One `Config.Secret` per secret of infra/env.ts. A secret is only a name: its
 * value lives in SSM (`npx sst secrets set NAME value --stage S`) and no
 * CloudFormation resource is created, so the stack that owns the constructs
 * does not matter; the Storage stack creates them once and every function
 * binds the same ones.
 */
export function createSecrets(stack: Stack): Secrets {
  return Object.fromEntries(secrets.map(({ name }) => [name, new Config.Secret(stack, name)])) as Secrets;
}

/** Where `sst secrets set` stores a secret of this stage (a SecureString). */
export function secretParameterName(name: SecretName): string {
  return `${useProject().config.ssmPrefix}Secret/${name}/value`;
}
