/**
 * Builds the web app when its sources changed since the last build
 * (`npm run build:web` and `npm start` both call this). The build carries
 * `{{ VITE_X }}` placeholders that SST fills at deploy and the local server
 * fills when serving, so one build serves every stage and every local port.
 */
import { createHash } from "node:crypto";
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { createRequire } from "node:module";
import { repoRoot } from "./settings";

const webDir = join(repoRoot, "packages/web");
export const webDistDir = join(webDir, "dist");
const distDir = webDistDir;
const stampFile = join(distDir, ".source-hash");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

export function webSourceHash(): string {
  const hash = createHash("sha256");
  const inputs = [
    ...files(join(webDir, "src")),
    ...["index.html", "vite.config.ts", "package.json", "tsconfig.json"].map((f) => join(webDir, f)),
    ...(existsSync(join(webDir, "public")) ? files(join(webDir, "public")) : []),
    // The pages vite.config.ts prerenders.
    join(repoRoot, "infra/prerendered.ts"),
    // The @regrip/core modules the web app imports (shared rules, view types, the lifecycle's moves): a change there
    // changes the build too. All of core's sources, so a new import from it needs no change here.
    ...files(join(repoRoot, "packages/core/src")),
    join(repoRoot, "packages/core/package.json"),
  ]
    .filter((f) => existsSync(f) && !/\.test\.tsx?$/.test(f))
    .sort();
  for (const file of inputs) hash.update(relative(webDir, file)).update("\0").update(readFileSync(file)).update("\0");
  return hash.digest("hex");
}

/** Answers true when it had to build. */
export async function buildWebIfStale(log: (line: string) => void = console.log): Promise<boolean> {
  const hash = webSourceHash();
  if (existsSync(stampFile) && readFileSync(stampFile, "utf8") === hash && existsSync(join(distDir, "index.html"))) return false;
  log("Building the web app...");
  const env = { ...process.env };
  // The build must carry placeholders, never one machine's values.
  for (const key of Object.keys(env)) if (key.startsWith("VITE_")) delete env[key];
  // A test runner's NODE_ENV=test would give a development build of React: build what customers get.
  delete env.NODE_ENV;
  const vite = join(dirname(createRequire(join(webDir, "package.json")).resolve("vite/package.json")), "bin/vite.js");
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [vite, "build", "--logLevel", "warn"], { cwd: webDir, env, stdio: "inherit" });
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited with code ${code}`))));
  });
  writeFileSync(stampFile, hash);
  return true;
}
