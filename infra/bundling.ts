/**
 * How every Lambda handler is bundled: written once, read by the stacks
 * (stacks/handlers.ts passes `lambdaNodejs` to every function, through
 * `app.setDefaultFunctionProps` in sst.config.ts) and by `npm run bench:lambda`,
 * which bundles each handler with `esbuildOptions` below, so what is measured is
 * what is deployed.
 *
 * - Minified: less to read and parse on a cold start.
 * - `@aws-sdk/*` is left out of the bundle: the `nodejs22.x` runtime ships the
 *   AWS SDK v3, already on the Lambda's disk.
 * - Code splitting: what a handler imports with `import()` (the Stripe and
 *   local payment providers, S3 upload URLs) becomes a chunk of its own in the
 *   zip, read from disk only when that path runs, instead of being parsed on
 *   every cold start.
 * - `keepNames: false` (SST sets true): esbuild would wrap every function and
 *   class in a `__name(...)` call to keep its `.name`, about 12 KB of a route's
 *   bundle and work at every import. Nothing here reads the name of a function
 *   or class of ours (the libraries' `constructor.name` checks are on built-ins
 *   such as Set and Map, which keep theirs).
 * - `@regrip/core` declares `sideEffects` in its package.json (only
 *   shared/zod-messages.ts has one): a module a handler does not use is left
 *   out even when a barrel (`orders/index.ts`) re-exports it, so `GET
 *   /api/orders/{id}` does not load booking or the status moves.
 * - `jsonschema` is replaced by `bundleAliases` below: about 28 KB off every bundle, with the same verdicts and
 *   messages on ElectroDB's schemas (model-validator.test.ts holds it to the real package).
 * - The banner: SST puts four lines at the top of every output file of an ESM bundle, chunks included (`require`
 *   from `createRequire`, and `__dirname`). No bundled code reads `__dirname` or `__filename` (the bundling test
 *   holds every bundle to that), so `lambdaBanner` keeps the one line a bundled CommonJS package needs, `require`:
 *   about 150 bytes less in each of the 15 to 20 files a cold start reads.
 * - Source maps: SST builds them, moves them out of the function's zip into its
 *   own asset (sst/constructs Function) and Node never reads them (no
 *   `--enable-source-maps`), so they cost nothing on the cold path. Setting
 *   `sourcemap: true` would put them in the zip; the synth test refuses that.
 */
import type { BuildOptions } from "esbuild";

/** SST v2's default runtime; Node 20 runs the same code on one machine. */
export const lambdaRuntime = "nodejs22.x" as const;

/**
 * Graviton (arm64): AWS prices its Lambda time 20 % below x86's for the same memory, and the bundles are plain
 * JavaScript (no native module: `sharp` and `pg-native` are left out), so nothing else changes. What is known of
 * its cold starts, and where each figure comes from (measured here on x86, AWS's published figures, and the
 * stage's own REPORT lines after a deploy): docs/benchmarks.md, "Cold starts on arm64".
 */
export const lambdaArchitecture = "arm_64" as const;

/** Packages the runtime provides: imported from its disk, never bundled. */
export const runtimeProvided = ["@aws-sdk/*"];

/**
 * Packages a bundle replaces with a smaller module of ours: ElectroDB's model check gets the few jsonschema
 * keywords its schemas use (packages/core/src/entities/model-validator.ts) instead of all of jsonschema. Paths are
 * from the repository's root, the working directory SST builds in (it finds the handlers' files there too).
 */
const bundleAliases = { jsonschema: "./packages/core/src/entities/model-validator.ts" };

/** The first line of every output file: `require` for the CommonJS packages bundled into ESM (SST's also made `__dirname`). */
export const lambdaBanner = `import{createRequire as topLevelCreateRequire}from"module";const require=topLevelCreateRequire(import.meta.url);`;

/** SST v2's `nodejs` function props for every handler. */
export const lambdaNodejs = {
  format: "esm" as const,
  minify: true,
  splitting: true,
  esbuild: { external: runtimeProvided, keepNames: false, alias: bundleAliases, banner: { js: lambdaBanner } },
};

/**
 * The esbuild options SST v2 (2.49.8, `sst/runtime/handlers/node.js`, deploy
 * mode) builds from `lambdaNodejs` for one handler file: the same entry,
 * platform, format, target, main fields, banner, `keepNames`, minify and
 * externals. Kept beside `lambdaNodejs` so a change to one is a change to both.
 */
export function esbuildOptions(entry: string, outdir: string): BuildOptions {
  const { external, ...override } = lambdaNodejs.esbuild;
  return {
    entryPoints: [entry],
    platform: "node",
    external: ["sharp", "pg-native", ...external],
    // SST's default, replaced by `lambdaNodejs.esbuild` below as SST replaces it.
    ...({ keepNames: true } as BuildOptions),
    bundle: true,
    logLevel: "silent",
    splitting: lambdaNodejs.splitting,
    metafile: true,
    outExtension: { ".js": ".mjs" },
    format: "esm",
    target: "esnext",
    mainFields: ["module", "main"],
    // SST's default, replaced by `lambdaNodejs.esbuild` below (`lambdaBanner`) as SST replaces it.
    ...({
      banner: {
        js: [
          `import { createRequire as topLevelCreateRequire } from 'module';`,
          `const require = topLevelCreateRequire(import.meta.url);`,
          `import { fileURLToPath as topLevelFileUrlToPath, URL as topLevelURL } from "url"`,
          `const __dirname = topLevelFileUrlToPath(new topLevelURL(".", import.meta.url))`,
          "",
        ].join("\n"),
      },
    } as BuildOptions),
    outdir,
    // SST writes the map beside the bundle and then moves it out of the zip.
    sourcemap: true,
    minify: lambdaNodejs.minify,
    ...override,
  };
}
