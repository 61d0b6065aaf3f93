/**
 * `npm run synth [-- --stage NAME] [--bundle] [--production --alarm-email ADDRESS] [--site-url URL] [--providers google,apple]`
 *
 * Synthesizes the SST app offline (no AWS account, no credentials) and prints
 * each stack's resources by type, then each template's size as deploy writes it and
 * what a route costs against the budget (stacks/template-size.ts). `--bundle` also bundles every handler as
 * `sst deploy` would, which checks that each handler file of the route table
 * exists and compiles.
 */
import { parseArgs } from "node:util";
import type { IdentityProviderName } from "../stacks/settings";
import { stackNames, synthesize } from "../stacks/synth";
import { describeSizes, templateSizes } from "../stacks/template-size";

const { values } = parseArgs({
  options: {
    stage: { type: "string", default: "dev" },
    bundle: { type: "boolean", default: false },
    // REGRIP_PRODUCTION: --production, or --no-production for a disposable stage with a production-looking name.
    production: { type: "boolean" },
    "no-production": { type: "boolean" },
    "alarm-email": { type: "string" },
    "stripe-concurrency": { type: "string" },
    "site-url": { type: "string" },
    providers: { type: "string" },
    "github-issuer": { type: "string" },
    "sns-delivery-logs": { type: "boolean", default: false },
  },
});

const started = Date.now();
const synthesis = await synthesize({
  stage: values.stage!,
  bundle: values.bundle,
  settings: {
    production: values.production ? true : values["no-production"] ? false : undefined,
    alarmEmails: values["alarm-email"]?.split(",").filter(Boolean) ?? [],
    stripeWebhookConcurrency: values["stripe-concurrency"] === undefined ? undefined : Number(values["stripe-concurrency"]),
    siteUrl: values["site-url"],
    identityProviders: (values.providers?.split(",").filter(Boolean) ?? []) as IdentityProviderName[],
    githubIssuerUrl: values["github-issuer"],
    snsDeliveryLogs: values["sns-delivery-logs"],
  },
});

for (const name of stackNames) {
  const resources = Object.values(synthesis.templates[name].toJSON().Resources ?? {}) as { Type: string }[];
  const byType = new Map<string, number>();
  for (const { Type } of resources) byType.set(Type, (byType.get(Type) ?? 0) + 1);
  console.log(`\n${synthesis.stage}-regrip-${name}: ${resources.length} resources (CloudFormation allows 500)`);
  for (const [type, count] of [...byType].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`  ${String(count).padStart(4)}  ${type}`);
  }
}
console.log(`\nTemplates as deploy writes them (JSON, indent 1):\n${describeSizes(templateSizes(synthesis))}`);
console.log(
  `\n${synthesis.functions.length} functions, ${values.bundle ? "bundled" : "not bundled (placeholder code; --bundle to build them)"}; synthesized in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
