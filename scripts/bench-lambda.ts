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
 * Memory: each bundle is loaded once more in a fresh process, every entity built and every lazy chunk imported (the
 * most code any of its paths loads), and its peak resident set read; per kind of function (infra/functions.ts) it
 * prints the largest peak against the kind's memory setting, which fails the budget past `MEMORY_SHARE_BUDGET` of
 * it, and what the kind's slowest import would take on the share of a vCPU its setting buys.
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
import { functionKinds, MEMORY_SHARE_BUDGET, oneVcpuMB, type FunctionKind } from "../infra/functions";
import { coldPath, handlerFiles, handlerKinds, outputBytes, RATIO_BUDGET, SIZE_BUDGET_KB } from "./lib/lambda-budget";
const runs = Number(process.env.RUNS ?? 7);
/** The module whose presence in a bundle means its first request builds entities (packages/core/src/db/index.ts). */
const dbModule = "packages/core/src/db/index.ts";

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
  /** Those chunks' files. */
  lazyFiles: string[];
  /** Whether db() is in the bundle: its first request builds entities. */
  usesTable: boolean;
  largest: { name: string; bytes: number }[];
  importMs?: number;
  /** The entities the route's first request builds (scripts/lib/first-use.ts), when listed. */
  firstUse?: { entities: string[]; ms?: number };
  /** The handler bundled with db()'s entity builder beside it, for a handler that reads the table: its entry and its lazy chunks. */
  probe?: { file: string; lazyFiles: string[] };
  /** The kinds of function that deploy this file (infra/functions.ts). */
  kinds: FunctionKind[];
  memory?: Memory;
}

/** A cold process's memory after the import, every entity built and every lazy chunk loaded, in bytes. */
interface Memory {
  /** The process's peak resident set (`process.resourceUsage().maxRSS`): what Lambda's Max Memory Used counts of a function. */
  peakRss: number;
  heapUsed: number;
  /** Milliseconds the lazy chunks took to load, after the rest (one run: an indication, not a median). */
  lazyMs: number;
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
    lazyFiles: code.filter((path) => !cold.has(path)).map((path) => join(repoRoot, path)),
    kinds: [],
    usesTable: dbModule in metafile.inputs,
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

/**
 * A cold process's memory once the handler has done all it could load: `b`'s probe imported and every entity built
 * (or, for a handler that reads no table, its entry imported), then every lazy chunk imported (the Stripe SDK, the
 * S3 presigner: what any path of the handler may load). An upper bound of what a first request adds in code and
 * models; a request's own objects come on top, which is what `MEMORY_SHARE_BUDGET` leaves room for.
 */
function memoryOf(b: Bundle): Memory {
  const entry = b.probe?.file ?? b.file;
  const lazy = b.probe?.lazyFiles ?? b.lazyFiles;
  const script = [
    `const m = await import(${JSON.stringify(pathToFileURL(entry).href)});`,
    `if (m.__entityFactories) for (const name of Object.keys(m.__entityFactories)) m.__buildEntity(name);`,
    `const t = performance.now();`,
    `for (const chunk of ${JSON.stringify(lazy.map((file) => pathToFileURL(file).href))}) await import(chunk);`,
    `const lazyMs = performance.now() - t;`,
    `process.stdout.write(JSON.stringify({ peakRss: process.resourceUsage().maxRSS * 1024, heapUsed: process.memoryUsage().heapUsed, lazyMs }));`,
  ].join("\n");
  return JSON.parse(
    execFileSync(process.execPath, ["--input-type=module", "-e", script], {
      cwd: outDir,
      encoding: "utf8",
      env: { ...process.env, AWS_REGION: "us-east-1", TABLE_NAME: "bench", AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" },
    }),
  ) as Memory;
}

/** The same of a Node process that imports nothing: the runtime's own floor. */
function bareNodeMemory(): Memory {
  const script = `process.stdout.write(JSON.stringify({ peakRss: process.resourceUsage().maxRSS * 1024, heapUsed: process.memoryUsage().heapUsed, lazyMs: 0 }));`;
  return JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: outDir, encoding: "utf8" })) as Memory;
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
const kinds = handlerKinds();
for (const [file, usedBy] of entries) {
  const name = file.replace(/^packages\/functions\/src\//, "").replace(/\.ts$/, "").replace(/\//g, "-");
  const b = await bundle(name, join(repoRoot, file), usedBy);
  b.kinds = kinds.get(file) ?? [];
  if (b.usesTable) {
    // The same handler, bundled with db()'s builder and the entities' names exported beside it, so a measuring
    // process can build what the first request does (the timing) or every entity (the memory).
    const probeEntry = join(outDir, `${name}-probe.ts`);
    writeFileSync(
      probeEntry,
      [
        `export * from ${JSON.stringify(join(repoRoot, file))};`,
        `export { entity as __buildEntity } from ${JSON.stringify(join(repoRoot, dbModule))};`,
        `export { entityFactories as __entityFactories } from ${JSON.stringify(join(repoRoot, "packages/core/src/entities/index.ts"))};`,
        "",
      ].join("\n"),
    );
    const probe = await bundle(`${name}-probe`, probeEntry, []);
    b.probe = { file: probe.file, lazyFiles: probe.lazyFiles };
  }
  const listed = usedBy.find((route) => route in firstUse);
  if (listed) {
    if (!b.probe) throw new Error(`${file} is listed in scripts/lib/first-use.ts but reads no table`);
    b.firstUse = { entities: firstUse[listed] };
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
    if (b.firstUse) sample(`${b.name} first use`, firstUseMs(b.probe!.file, b.firstUse.entities));
  }
  sample(twilioSdk.name, importMs(twilioSdk.file));
}
const baseMs = median(samples.get(baseline.name)!);
for (const b of [...bundles, twilioSdk]) b.importMs = median(samples.get(b.name)!);
for (const b of bundles) if (b.firstUse) b.firstUse.ms = median(samples.get(`${b.name} first use`)!);
// Memory once per bundle, after the timings (a process's peak does not move with the machine's load as its time does).
for (const b of bundles) b.memory = memoryOf(b);
const bare = bareNodeMemory();

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
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
console.log(
  `\nMemory per kind of function (infra/functions.ts): each bundle's peak resident set in a cold process after its import, ` +
    `every entity built and every lazy chunk loaded; a bare Node process peaks at ${mb(bare.peakRss)} MB. Budget: the peak ` +
    `at most ${MEMORY_SHARE_BUDGET * 100} % of the kind's setting.`,
);
console.log(
  ["kind".padEnd(14), "bundles".padStart(7), "peak MB".padStart(8), "heap MB".padStart(8), "setting".padStart(8), "share".padStart(6), "     ", "import ms".padStart(10), "at setting's CPU".padStart(17), "lazy ms".padStart(8), "  largest peak"].join(" "),
);
for (const kind of Object.keys(functionKinds) as FunctionKind[]) {
  const own = bundles.filter((b) => b.kinds.includes(kind));
  if (!own.length) continue;
  const top = own.reduce((a, b) => (b.memory!.peakRss > a.memory!.peakRss ? b : a));
  const heaviest = own.reduce((a, b) => (b.importMs! > a.importMs! ? b : a));
  const setting = functionKinds[kind].memoryMB;
  const share = top.memory!.peakRss / (setting * 1024 * 1024);
  const ok = share <= MEMORY_SHARE_BUDGET;
  if (!ok) over++;
  console.log(
    [
      kind.padEnd(14),
      String(own.length).padStart(7),
      mb(top.memory!.peakRss).padStart(8),
      mb(Math.max(...own.map((b) => b.memory!.heapUsed))).padStart(8),
      `${setting} MB`.padStart(8),
      `${(share * 100).toFixed(0)} %`.padStart(6),
      (ok ? "ok" : "OVER").padEnd(5),
      heaviest.importMs!.toFixed(1).padStart(10),
      `${(heaviest.importMs! * Math.max(1, oneVcpuMB / setting)).toFixed(0)} ms`.padStart(17),
      Math.max(...own.map((b) => b.memory!.lazyMs)).toFixed(1).padStart(8),
      ` ${top.name}`,
    ].join(" "),
  );
}
console.log(
  `import ms: the kind's slowest import on this machine (a whole core); at setting's CPU: that import if it ran on the ` +
    `share of a vCPU the setting buys (${oneVcpuMB} MB is one), were it all CPU: a bound on the cold start's own work, not Lambda's figure. lazy ms: the most loading every lazy chunk ` +
    `took after that (a payment route's Stripe SDK), once per bundle.`,
);
console.log(`Budgets in all: ${over === 0 ? "all ok" : `${over} over`}.`);
console.log(
  `\nTwilio: the SDK installed beside a function would add ${kb(twilioSdk.bytes)} KB bundled and ${(twilioSdk.importMs! - 0).toFixed(1)} ms ` +
    `(${(twilioSdk.importMs! / baseMs).toFixed(2)}x the baseline) to the import that sends a text; the REST client in ` +
    `packages/core/src/sms/twilio.ts adds nothing to load.`,
);
rmSync(outDir, { recursive: true, force: true });
if (process.env.BENCH_STRICT && over > 0) process.exit(1);
