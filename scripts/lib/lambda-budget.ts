/**
 * The Lambda bundles' budgets, written once: read by `npm run bench:lambda` (scripts/bench-lambda.ts),
 * which prints every handler's size and cold-import time against them, and by test/infra/bundling.test.ts, which
 * fails on a handler over the size budget (sizes are deterministic; import times are not, so only the bench holds
 * the ratio).
 */
import type { Metafile, OutputFile, Plugin } from "esbuild";
import { resolve } from "node:path";
import { esbuildOptions } from "../../infra/bundling";
import { repoRoot } from "../../infra/local/settings";
import { kindOfDeclaration, kindOfRoute, type FunctionKind } from "../../infra/functions";
import { jobs, maintenanceFunctions } from "../../infra/jobs";
import { webhooks } from "../../infra/webhooks";
import { routes } from "../../packages/functions/src/routes";

/**
 * Every handler's cold path (its entry and the chunks it imports statically), in KB of 1024. 280 until the booking,
 * the moves, the refunds and the reminders job took on packs' credits, the drop-off reminder and the shop's contact
 * (283.1 KB for POST /api/book-service then); 285 until the till, the reports, the staff roster and order edits
 * added five entities every handler's table client defines (about 0.7 KB each) and the switched-off check to every
 * handler (291.0 KB for POST /api/storefront/invoice then); 295 since. To be won back by giving each handler only the
 * entities its route uses, rather than raising this again.
 */
export const SIZE_BUDGET_KB = 295;
/** Every handler's cold import, as a ratio to a bare DynamoDB document client's in the same run. */
export const RATIO_BUDGET = 1.5;

/** Every deployed handler file (`packages/functions/src/….ts`), once, with what deploys it (several routes can share a file). */
export function handlerFiles(): Map<string, string[]> {
  const entries = new Map<string, string[]>();
  const add = (handler: string, usedBy: string) => {
    const file = `${handler.slice(0, handler.lastIndexOf("."))}.ts`;
    entries.set(file, [...(entries.get(file) ?? []), usedBy]);
  };
  for (const route of routes) add(route.handler, `${route.method} ${route.path}`);
  for (const webhook of webhooks) add(webhook.handler, webhook.name);
  for (const job of jobs) add(job.handler, `job, ${job.schedule}`);
  for (const fn of maintenanceFunctions) add(fn.handler, fn.name);
  return entries;
}

/** Every deployed handler file with the kinds of function that deploy it (infra/functions.ts): one kind, but for a file two kinds of route share. */
export function handlerKinds(): Map<string, FunctionKind[]> {
  const kinds = new Map<string, FunctionKind[]>();
  const add = (handler: string, kind: FunctionKind) => {
    const file = `${handler.slice(0, handler.lastIndexOf("."))}.ts`;
    const known = kinds.get(file) ?? [];
    if (!known.includes(kind)) kinds.set(file, [...known, kind]);
  };
  for (const route of routes) add(route.handler, kindOfRoute(route));
  for (const fn of [...webhooks, ...jobs, ...maintenanceFunctions]) add(fn.handler, kindOfDeclaration(fn));
  return kinds;
}

/**
 * The outputs a cold start reads: the entry's output for `entry` (repository-relative, as the metafile names it)
 * and every chunk it imports statically, transitively; a chunk only `import()` reaches is read when its path runs.
 */
export function coldPath(metafile: Metafile, entry: string): { entry: string; cold: Set<string> } {
  const outputs = metafile.outputs;
  // A chunk of a dynamic import() is marked as an entry point too, of its own module: the handler's is the one for its file.
  const entryOut = Object.keys(outputs).find((path) => outputs[path].entryPoint === entry && !path.endsWith(".map"));
  if (!entryOut) throw new Error(`No output for ${entry}`);
  const cold = new Set<string>();
  const visit = (path: string) => {
    if (cold.has(path) || !outputs[path]) return;
    cold.add(path);
    for (const imported of outputs[path].imports) if (imported.kind === "import-statement" && !imported.external) visit(imported.path);
  };
  visit(entryOut);
  return { entry: entryOut, cold };
}

/** The bytes of `paths` in `metafile`. */
export const outputBytes = (metafile: Metafile, paths: Iterable<string>): number =>
  [...paths].reduce((total, path) => total + metafile.outputs[path].bytes, 0);

/** One handler's bundle, as `esbuildOptions` builds it (source maps and all, as deployed), not written. */
export interface HandlerBundle {
  file: string;
  metafile: Metafile;
  outputFiles: OutputFile[];
}

/** The name `bundleEachHandler` gives its entry: each handler's entry output is `<handlerEntry>.mjs`. */
export const handlerEntry = "regrip-handler-entry";

/**
 * Bundles each of `files` (repository-relative handler files) as `esbuildOptions` does, without writing, one after
 * another through one esbuild context: its entry is resolved to the next handler before
 * each rebuild, so the packages every handler shares (ElectroDB, zod, the SDK's shapes) are read and parsed once,
 * not once a handler. Each bundle is the same, byte for byte, as a build of its own (about half the CPU), but that
 * the entry's output is named `<handlerEntry>.mjs`.
 */
export async function bundleEachHandler(files: string[], outdir: string): Promise<HandlerBundle[]> {
  const { context } = await import("esbuild");
  let next = "";
  const pickNext: Plugin = {
    name: "regrip-next-handler",
    setup: (build) => build.onResolve({ filter: new RegExp(`^${handlerEntry}$`) }, () => ({ path: resolve(repoRoot, next) })),
  };
  const builder = await context({ ...esbuildOptions(handlerEntry, outdir), absWorkingDir: repoRoot, write: false, plugins: [pickNext] });
  try {
    const bundles: HandlerBundle[] = [];
    for (const file of files) {
      next = file;
      const { metafile, outputFiles } = await builder.rebuild();
      bundles.push({ file, metafile: metafile!, outputFiles: outputFiles! });
    }
    return bundles;
  } finally {
    await builder.dispose();
  }
}

/**
 * The bytes a cold start of `bundle`'s handler reads, as deployed: its cold path, the entry's output as it is named
 * when the handler is built alone (`<file>.mjs`: its source map comment names it, which `handlerEntry` would not).
 */
export function coldBytes(bundle: HandlerBundle): number {
  const name = (path: string) => path.slice(path.lastIndexOf("/") + 1).replace(/\.ts$/, "");
  return outputBytes(bundle.metafile, coldPath(bundle.metafile, bundle.file).cold) + name(bundle.file).length - handlerEntry.length;
}
