/**
 * Bundles every Lambda handler exactly as the stacks deploy it
 * (infra/bundling.ts) and prints, for each: its size, its three largest
 * packages, and its cold-import time as a ratio to a bare DynamoDB document
 * client bundle imported in the same run (median of several fresh Node
 * processes, interleaved, so the machine's noise falls on both alike).
 *
 * Budgets (scripts/lib/lambda-budget.ts): every handler at most 280 KB, every ratio at most 1.5;
 * test/infra/bundling.test.ts fails on a handler over the size budget.
 *
 * Entities are built on a route's first use, not at import
 * (packages/core/src/db/index.ts), so for the routes scripts/lib/first-use.ts
 * lists it also times import + building the entities that route's first
 * request builds (checked by test/integration/first-use.test.ts): the cold
 * start a customer waits for, not only the part the import ratio measures.
 *
 *   npm run bench:lambda            (RUNS=9 for more runs)
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { esbuildOptions } from "../infra/bundling";
import { repoRoot } from "../infra/local/settings";
import { firstUse } from "./lib/first-use";
import { coldPath, handlerFiles, outputBytes, RATIO_BUDGET, SIZE_BUDGET_KB } from "./lib/lambda-budget";
const runs = Number(process.env.RUNS ?? 7);

// Inside packages/core so the bundles find the AWS SDK's packages there and at the root, as the runtime provides them.
const outDir = join(repoRoot, "packages/core/.bench-lambda");
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

interface Bundle {
  name: string;
  /** What deploys this file: route keys, "Stripe webhook", a job. */
  usedBy: string[];
  /** The entry file Lambda imports. */
  file: string;
  /** What a cold start reads: the entry and the chunks it imports statically. */
  bytes: number;
  /** Chunks loaded only by `import()`, when their path runs. */
  lazyBytes: number;
  largest: { name: string; bytes: number }[];
  importMs?: number;
  /** The entities the route's first request builds (scripts/lib/first-use.ts), when listed. */
  firstUse?: { entities: string[]; probe: string; ms?: number };
}

/** `node_modules/@scope/pkg/...` → `@scope/pkg`; our own files by workspace package. */
function packageOf(input: string): string {
  const at = input.lastIndexOf("node_modules/");
  if (at >= 0) {
    const parts = input.slice(at + "node_modules/".length).split("/");
    return parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (input.startsWith("packages/core/")) return "@regrip/core";
  if (input.startsWith("packages/functions/")) return "@regrip/functions";
  return input.split("/")[0] || input;
}

async function bundle(name: string, entry: string, usedBy: string[]): Promise<Bundle> {
  const dir = join(outDir, name);
  const result = await build({ ...esbuildOptions(entry, dir), absWorkingDir: repoRoot });
  const metafile = result.metafile!;
  const outputs = metafile.outputs;
  const { entry: entryOut, cold } = coldPath(metafile, relative(repoRoot, entry).split(sep).join("/"));
  const code = Object.keys(outputs).filter((path) => !path.endsWith(".map"));
  const byPackage = new Map<string, number>();
  for (const path of cold) {
    for (const [input, { bytesInOutput }] of Object.entries(outputs[path].inputs)) {
      byPackage.set(packageOf(input), (byPackage.get(packageOf(input)) ?? 0) + bytesInOutput);
    }
  }
  const sum = (paths: string[]) => outputBytes(metafile, paths);
  return {
    name,
    usedBy,
    file: join(repoRoot, entryOut),
    bytes: sum([...cold]),
    lazyBytes: sum(code.filter((path) => !cold.has(path))),
    largest: [...byPackage.entries()].map(([pkg, bytes]) => ({ name: pkg, bytes })).sort((a, b) => b.bytes - a.bytes).slice(0, 3),
  };
}

/** Milliseconds to import `file` in a fresh Node process. */
function importMs(file: string): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); process.stdout.write(String(performance.now() - t));`;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: outDir,
    encoding: "utf8",
    env: { ...process.env, AWS_REGION: "us-east-1", AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" },
  });
  return Number(out);
}

/**
 * Milliseconds to import `probe` (the handler's bundle with db()'s entity
 * builder exported beside it) and build `entities` with it, in a fresh process.
 */
function firstUseMs(probe: string, entities: string[]): number {
  const script =
    `const t = performance.now(); const m = await import(${JSON.stringify(pathToFileURL(probe).href)}); ` +
    `for (const name of ${JSON.stringify(entities)}) m.__buildEntity(name); process.stdout.write(String(performance.now() - t));`;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: outDir,
    encoding: "utf8",
    env: { ...process.env, AWS_REGION: "us-east-1", TABLE_NAME: "bench", AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" },
  });
  return Number(out);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

// Every deployed handler file, once, with what deploys it (several routes can share a file).
const entries = handlerFiles();

const baselineEntry = join(outDir, "baseline-entry.mjs");
writeFileSync(
  baselineEntry,
  [
    `import { DynamoDBClient } from "@aws-sdk/client-dynamodb";`,
    `import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";`,
    `export const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));`,
  ].join("\n"),
);
const baseline = await bundle("baseline-dynamodb-document-client", baselineEntry, []);
const bundles: Bundle[] = [];
for (const [file, usedBy] of entries) {
  const name = file.replace(/^packages\/functions\/src\//, "").replace(/\.ts$/, "").replace(/\//g, "-");
  const b = await bundle(name, join(repoRoot, file), usedBy);
  const listed = usedBy.find((route) => route in firstUse);
  if (listed) {
    // The same handler, bundled with db()'s builder exported so the timing process can build what the first request does.
    const probeEntry = join(outDir, `${name}-probe.ts`);
    writeFileSync(
      probeEntry,
      `export * from ${JSON.stringify(join(repoRoot, file))};\nexport { entity as __buildEntity } from ${JSON.stringify(join(repoRoot, "packages/core/src/db/index.ts"))};\n`,
    );
    b.firstUse = { entities: firstUse[listed], probe: (await bundle(`${name}-probe`, probeEntry, [])).file };
  }
  bundles.push(b);
}

// The Twilio SDK, as it would be if it were installed beside the function instead of called over REST.
const twilioEntry = join(outDir, "twilio-sdk-entry.mjs");
writeFileSync(twilioEntry, `import twilio from "twilio";\nexport const client = twilio;`);
const twilioSdk = await bundle("twilio-sdk", twilioEntry, []);

const samples = new Map<string, number[]>();
const sample = (name: string, ms: number) => samples.set(name, [...(samples.get(name) ?? []), ms]);
for (let run = 0; run < runs; run++) {
  sample(baseline.name, importMs(baseline.file));
  for (const b of bundles) {
    sample(b.name, importMs(b.file));
    if (b.firstUse) sample(`${b.name} first use`, firstUseMs(b.firstUse.probe, b.firstUse.entities));
  }
  sample(twilioSdk.name, importMs(twilioSdk.file));
}
const baseMs = median(samples.get(baseline.name)!);
for (const b of [...bundles, twilioSdk]) b.importMs = median(samples.get(b.name)!);
for (const b of bundles) if (b.firstUse) b.firstUse.ms = median(samples.get(`${b.name} first use`)!);

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
console.log(`Lambda handlers as deployed (infra/bundling.ts), ${runs} fresh imports each, median`);
console.log(`baseline: bare DynamoDB document client, ${kb(baseline.bytes)} KB, import ${baseMs.toFixed(1)} ms\n`);
console.log(
  ["handler".padEnd(24), "KB".padStart(7), "size", "lazy KB".padStart(8), "import ms".padStart(10), "ratio".padStart(6), "ratio", "  largest packages on the cold path (KB)"].join(" "),
);
let over = 0;
for (const b of bundles) {
  const ratio = b.importMs! / baseMs;
  const sizeOk = b.bytes / 1024 <= SIZE_BUDGET_KB;
  const ratioOk = ratio <= RATIO_BUDGET;
  if (!sizeOk || !ratioOk) over++;
  console.log(
    [
      b.name.padEnd(24),
      kb(b.bytes).padStart(7),
      (sizeOk ? "ok" : "OVER").padEnd(4),
      kb(b.lazyBytes).padStart(8),
      b.importMs!.toFixed(1).padStart(10),
      ratio.toFixed(2).padStart(6),
      (ratioOk ? "ok" : "OVER").padEnd(5),
      " " + b.largest.map((p) => `${p.name} ${kb(p.bytes)}`).join(", "),
    ].join(" "),
  );
}
console.log("\nKB: the entry and the chunks it imports statically (what a cold start reads); lazy KB: chunks read only when their path runs.");
console.log(`Budgets: at most ${SIZE_BUDGET_KB} KB and a ratio of at most ${RATIO_BUDGET} for every handler: ${over === 0 ? "all ok" : `${over} over`}.`);
console.log("\nImport + first use: the import, then building the entities the route's first request builds (scripts/lib/first-use.ts)");
for (const b of bundles.filter((b) => b.firstUse)) {
  const { entities, ms } = b.firstUse!;
  console.log(
    [b.name.padEnd(24), `${ms!.toFixed(1)} ms`.padStart(10), `${(ms! / baseMs).toFixed(2)}x`.padStart(6), ` ${entities.length} built: ${entities.join(", ") || "none"}`].join(" "),
  );
}
console.log(
  `\nTwilio: the SDK installed beside a function would add ${kb(twilioSdk.bytes)} KB bundled and ${(twilioSdk.importMs! - 0).toFixed(1)} ms ` +
    `(${(twilioSdk.importMs! / baseMs).toFixed(2)}x the baseline) to the import that sends a text; the REST client in ` +
    `packages/core/src/sms/twilio.ts adds nothing to load.`,
);
rmSync(outDir, { recursive: true, force: true });
if (process.env.BENCH_STRICT && over > 0) process.exit(1);
