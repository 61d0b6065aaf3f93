import { useProject } from "sst/project.js";
import type { SecretName } from "../infra/env";

/**
 * The secrets of infra/env.ts are SST secrets: only names in the code, their values in SSM as SecureStrings
 * (`npx sst secrets set NAME value --stage S`). No construct is made for them and nothing is bound: a
 * function may read exactly the secrets its declaration names (infra/grants.ts, stacks/grants.ts), and
 * the hosted UI's identity providers read theirs at deploy time (stacks/identity-providers.ts).
 */

/** Where `sst secrets set` stores a secret of this stage (a SecureString). */
export function secretParameterName(name: SecretName): string {
  return `${useProject().config.ssmPrefix}Secret/${name}/value`;
}
