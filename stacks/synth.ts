/**
 * Offline synthesis of the SST app, shared by the infra test and `npm run synth`.
 *
 * `sst build` and `sst deploy` start by asking STS who they are, so they cannot
 * run without AWS. This does what they do after that point, without it:
 * load sst.config.ts (initProject), build an `App` for a fake account, run the
 * config's stacks, finish the app and synthesize CloudFormation templates.
 *
 * - NODE_ENV=test is what makes App.finish() skip the CDK bootstrap lookup.
 * - Functions: in deploy mode SST bundles every handler with esbuild (and runs
 *   `npm install` in each bundle), so synthesis would need every handler file to
 *   exist and compile. Unless `bundle` is set, every stack but Web is marked
 *   inactive, SST's own switch for `sst remove` and partial deploys: functions
 *   keep their environment, bindings, permissions, routes and URLs but get a
 *   placeholder body. Web stays active because an inactive StaticSite creates
 *   no distribution.
 * - The site is uploaded from packages/web/dist as it is (no web build).
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Stack as CdkStack } from "aws-cdk-lib";
import { Template } from "aws-cdk-lib/assertions";
import { CfnFunction } from "aws-cdk-lib/aws-lambda";
import { App, Function as SstFunction, getStack } from "sst/constructs";
import { initProject, useProject } from "sst/project.js";
import config from "../sst.config";
import { Api } from "./Api";
import { Auth } from "./Auth";
import { Jobs } from "./Jobs";
import { AdminApi } from "./AdminApi";
import { StaffApi } from "./StaffApi";
import { settingsContextKey, type DeploySettings } from "./settings";
import { Storage } from "./Storage";
import { Web } from "./Web";
import { Webhooks } from "./Webhooks";

export const repoRoot = resolve(fileURLToPath(new URL("..", import.meta.url)));
export const webDist = join(repoRoot, "packages/web/dist");

/** The stacks in deploy order, by the id sst.config.ts gives them. */
export const stacks = { Storage, Auth, Api, StaffApi, AdminApi, Web, Webhooks, Jobs } as const;
export type StackName = keyof typeof stacks;
export const stackNames = Object.keys(stacks) as StackName[];

export interface SynthOptions {
  stage: string;
  region?: string;
  account?: string;
  /** The stage's deploy settings (stacks/settings.ts); the environment is not read. */
  settings?: Partial<Omit<DeploySettings, "prebuiltWeb">>;
  /** Bundle every handler as `sst deploy` would (slow; needs every handler file). */
  bundle?: boolean;
  /** CDK context the deploy would have looked up in AWS (a Route 53 hosted zone), given instead. */
  lookups?: Record<string, unknown>;
}

export interface SynthesizedFunction {
  stack: StackName;
  logicalId: string;
  handler: string | undefined;
  /** The secrets its SST metadata names: the functions `sst secrets set` restarts. */
  secrets: string[];
  /** Its props after SST merged the app's defaults in: how it is bundled (`nodejs`) and run (`runtime`). */
  props: { runtime?: string; nodejs?: Record<string, unknown> };
}

export interface Synthesis {
  stage: string;
  app: App;
  templates: Record<StackName, Template>;
  /** Every SST Function, with the handler it was given (the template only holds a placeholder unless bundled). */
  functions: SynthesizedFunction[];
}

export async function synthesize(options: SynthOptions): Promise<Synthesis> {
  const { stage, region = "us-east-1", account = "123456789012", bundle = false } = options;
  process.env.NODE_ENV = "test";
  // Handler paths and the site's path are relative to the working directory, as under the SST CLI.
  if (process.cwd() !== repoRoot) process.chdir(repoRoot);
  if (!existsSync(join(webDist, "index.html"))) {
    throw new Error(
      `The site's build is missing (${webDist}/index.html): run \`npm run build:web\` first (npm test does).`,
    );
  }

  await initProject({ stage, root: repoRoot });
  const name = useProject().config.name;
  const outdir = mkdtempSync(join(tmpdir(), `regrip-synth-${stage}-`));
  // SST writes its types (App: .sst/types, removed and made again) and the site's zip (.sst/artifacts) under the
  // project's out folder. Two test workers synthesizing at once raced on both ("ENOTEMPTY: rmdir .sst/types"): each
  // synthesis writes them in its own folder instead.
  const project = useProject();
  project.paths.out = join(outdir, "sst");
  project.paths.artifacts = join(project.paths.out, "artifacts");
  try {
    const app = new App(
      {
        mode: "deploy",
        stage,
        name,
        region,
        account,
        isActiveStack: bundle ? undefined : (stackName) => stackName === `${stage}-${name}-Web`,
      },
      {
        outdir,
        context: { ...options.lookups, [settingsContextKey]: { ...options.settings, prebuiltWeb: true } },
      },
    );
    await config.stacks(app);
    await app.finish();

    // getStack() answers for the latest App, so collect everything before another synthesis starts.
    const templates = {} as Record<StackName, Template>;
    const functions: SynthesizedFunction[] = [];
    for (const stackName of stackNames) {
      const stack = getStack(stacks[stackName]);
      templates[stackName] = Template.fromStack(stack);
      for (const fn of stack.node.findAll()) {
        if (!(fn instanceof SstFunction)) continue;
        const metadata = fn.getConstructMetadata().data;
        functions.push({
          stack: stackName,
          logicalId: CdkStack.of(fn).getLogicalId(fn.node.defaultChild as CfnFunction),
          handler: metadata.handler,
          secrets: metadata.secrets,
          // SST keeps the merged props private; they are what it bundles and deploys with.
          props: (fn as unknown as { props: SynthesizedFunction["props"] }).props,
        });
      }
    }
    return { stage, app, templates, functions };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
