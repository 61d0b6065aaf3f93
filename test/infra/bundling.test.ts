/**
 * Every Lambda function is deployed the way `npm run bench:lambda` measures it:
 * the settings of infra/bundling.ts, applied by sst.config.ts to every function
 * the stacks make (API routes, the Stripe webhook, scheduled jobs).
 */
import { basename } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { esbuildOptions, lambdaBanner, lambdaNodejs, lambdaRuntime, runtimeProvided } from "../../infra/bundling";
import { routes } from "../../packages/functions/src/routes";
import { repoRoot, stackNames, type Synthesis } from "../../stacks/synth";
import { synthesized } from "./configurations";
import { stripeWebhook } from "../../infra/webhooks";
import { resource, templateJson } from "./cloudformation";
import { bundleEachHandler, coldBytes, coldPath, handlerEntry, handlerFiles, outputBytes, SIZE_BUDGET_KB, type HandlerBundle } from "../../scripts/lib/lambda-budget";

let dev: Synthesis;
beforeAll(async () => {
  dev = await synthesized("dev");
});

describe("Lambda bundling", () => {
  it("makes a function for every route and the webhook", () => {
    const handlers = new Set(dev.functions.map((fn) => fn.handler));
    for (const route of routes) expect(handlers, route.handler).toContain(route.handler);
  });

  it("bundles every function minified, as ES modules split at import(), with the AWS SDK left to the runtime", () => {
    for (const fn of dev.functions) {
      const nodejs = fn.props.nodejs ?? {};
      expect(nodejs, fn.handler).toMatchObject({ format: "esm", minify: true, splitting: true });
      expect((nodejs.esbuild as { external?: string[] } | undefined)?.external, fn.handler).toEqual(expect.arrayContaining(runtimeProvided));
      expect(nodejs).toEqual(expect.objectContaining(lambdaNodejs));
    }
  });

  it("keeps source maps out of the function's zip and out of Node's start-up", () => {
    for (const fn of dev.functions) {
      // true would ship the map in the zip; unset, SST moves it to an asset of its own.
      expect(fn.props.nodejs?.sourcemap, fn.handler).not.toBe(true);
      const variables = resource(dev, { stack: fn.stack, logicalId: fn.logicalId }).Properties?.Environment?.Variables ?? {};
      expect(String(variables.NODE_OPTIONS ?? "")).not.toContain("--enable-source-maps");
    }
  });

  it(`runs every function on ${lambdaRuntime}, on arm64`, () => {
    for (const fn of dev.functions) {
      const props = resource(dev, { stack: fn.stack, logicalId: fn.logicalId }).Properties;
      expect(props?.Runtime, fn.handler).toBe(lambdaRuntime);
      expect(props?.Architectures, fn.handler).toEqual(["arm64"]);
    }
  });
});

/** Every deployed handler bundled as deployed (without source maps), each once, for the tests below. */
let bundles: HandlerBundle[];
const webhookFile = stripeWebhook.handler.replace(/\.[^.]+$/, ".ts");
const bundleOf = (file: string): HandlerBundle => {
  const bundle = bundles.find((each) => each.file === file);
  if (!bundle) throw new Error(`${file} was not bundled`);
  return bundle;
};

describe("bundles", () => {
  beforeAll(async () => {
    bundles = await bundleEachHandler([...handlerFiles().keys()], "/tmp/regrip-bundle-budget");
  });

  it("are each the same, byte for byte, as a build of that handler alone, but for the entry file name", async () => {
    const { build } = await import("esbuild");
    const alone = await build({ ...esbuildOptions(webhookFile, "/tmp/regrip-bundle-budget"), absWorkingDir: repoRoot, write: false });
    // The one difference: the entry's output (and its source map, and the comment naming the map) is named after the
    // context's entry, not the handler's file.
    const texts = (files: { path: string; text: string }[], entry: string) =>
      files.map((file) => [basename(file.path).startsWith(entry) ? "(the entry)" : file.path, file.text.replaceAll(entry, "(the entry)")]).sort();
    expect(texts(bundleOf(webhookFile).outputFiles, `${handlerEntry}.mjs`)).toEqual(texts(alone.outputFiles, `${basename(webhookFile, ".ts")}.mjs`));
    // And the size a cold start reads is the lone build's, to the byte.
    expect(coldBytes(bundleOf(webhookFile))).toBe(outputBytes(alone.metafile!, coldPath(alone.metafile!, webhookFile).cold));
  });

  it("read no __dirname or __filename: the banner defines neither (infra/bundling.ts lambdaBanner)", () => {
    const readers = bundles.filter(({ outputFiles }) => outputFiles.some((file) => file.path.endsWith(".mjs") && /\b__(dirname|filename)\b/.test(file.text)));
    expect(readers.map(({ file }) => file)).toEqual([]);
    expect(bundleOf(webhookFile).outputFiles.find((file) => file.path.endsWith(".mjs"))!.text.startsWith(lambdaBanner)).toBe(true);
  });

  it("keep the secrets' descriptions and the words stage:setup prints for unset secrets out of a function that reads secrets", async () => {
    const { secrets, whenUnset } = await import("../../infra/env");
    // The Stripe webhook reads secrets (packages/core/src/secrets), by name only.
    const code = bundleOf(webhookFile).outputFiles.filter((file) => file.path.endsWith(".mjs")).map((file) => file.text).join("\n");
    expect(code).toContain("STRIPE_WEBHOOK_SECRET");
    for (const { purpose } of secrets) expect(code).not.toContain(purpose);
    for (const words of new Set(Object.values(whenUnset))) expect(code).not.toContain(words.slice(0, 40));
  });

  // scripts/lib/lambda-budget.ts; `npm run bench:lambda` prints each handler's size, largest packages and import time.
  it(`keep every handler's cold path (its entry and the chunks it imports statically) at most ${SIZE_BUDGET_KB} KB`, () => {
    expect(bundles.length).toBeGreaterThan(60);
    const over = bundles
      .map((bundle) => ({ file: bundle.file, kb: coldBytes(bundle) / 1024 }))
      .filter(({ kb }) => kb > SIZE_BUDGET_KB)
      .map(({ file, kb }) => `${file}: ${kb.toFixed(1)} KB`);
    expect(over).toEqual([]);
  });

  it("leave jsonschema out, every one: ElectroDB's model check is model-validator.ts", () => {
    expect(Object.keys(bundleOf(webhookFile).metafile.inputs)).toContain("packages/core/src/entities/model-validator.ts");
    const withJsonschema = bundles.filter(({ metafile }) => Object.keys(metafile.inputs).some((input) => input.includes("node_modules/jsonschema/")));
    expect(withJsonschema.map(({ file }) => file)).toEqual([]);
  });
});

/**
 * CloudFormation refuses a stack of more than 500 resources. Each route costs
 * the Api stack about six (route, integration, function, role, policy,
 * permission): 20 routes make about 127, and some thirty staff and admin
 * routes are coming. 400 leaves room to see it coming and split the stack
 * (by area) before a deploy fails.
 */
describe("stack size", () => {
  const MAX_RESOURCES = 400;
  it(`keeps every stack under ${MAX_RESOURCES} resources`, () => {
    for (const stack of stackNames) {
      const count = Object.keys(templateJson(dev, stack).Resources ?? {}).length;
      expect(count, `${stack} stack: ${count} resources`).toBeLessThan(MAX_RESOURCES);
    }
  });
});
