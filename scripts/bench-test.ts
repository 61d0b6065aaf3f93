/**
 * Runs `npm test` as CI does and prints its wall time against the 12-minute budget, each vitest project's wall time
 * (its first file's start to its last file's end: projects run side by side), the number of tests, and the ten
 * slowest files.
 *
 *   npm run bench:test                   the whole suite
 *   npm run bench:test -- --project unit  arguments go to vitest
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, relative } from "node:path";
import { repoRoot } from "../infra/local/settings";

const budgetSeconds = 12 * 60;

interface FileResult {
  name: string;
  startTime: number;
  endTime: number;
  status: string;
  assertionResults: { status: string }[];
}

/** The vitest project a test file belongs to, by the include patterns of vitest.config.ts (unit-mocks counted as unit). */
export function projectOf(file: string): string {
  for (const project of ["integration", "infra", "local", "browser"]) if (file.startsWith(`test/${project}/`)) return project;
  return "unit";
}

const dir = mkdtempSync(join(tmpdir(), "regrip-bench-test-"));
const report = join(dir, "report.json");
try {
  const load = loadavg()[0]!.toFixed(1);
  const began = performance.now();
  const run = spawnSync(
    "npx",
    ["tsx", "scripts/test.ts", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...process.argv.slice(2)],
    { cwd: repoRoot, stdio: "inherit" },
  );
  const seconds = (performance.now() - began) / 1000;
  const files = (JSON.parse(readFileSync(report, "utf8")) as { testResults: FileResult[] }).testResults.map((file) => ({
    ...file,
    path: relative(repoRoot, file.name),
    seconds: (file.endTime - file.startTime) / 1000,
  }));

  const projects = new Map<string, { start: number; end: number; files: number; tests: number; failed: number }>();
  for (const file of files) {
    const name = projectOf(file.path);
    const project = projects.get(name) ?? { start: Infinity, end: -Infinity, files: 0, tests: 0, failed: 0 };
    project.start = Math.min(project.start, file.startTime);
    project.end = Math.max(project.end, file.endTime);
    project.files += 1;
    project.tests += file.assertionResults.length;
    project.failed += file.assertionResults.filter((test) => test.status === "failed").length;
    projects.set(name, project);
  }

  const total = [...projects.values()].reduce((sum, project) => sum + project.tests, 0);
  console.log(`\nnpm test on ${cpus().length} cores (load average ${load} at the start), ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`);
  console.log(`wall time ${seconds.toFixed(0)} s (budget ${budgetSeconds} s: ${seconds <= budgetSeconds ? "ok" : "OVER"}), ${total} tests, exit ${run.status}`);
  // When each project ran, from the first test file's start: what ran beside what, and what ran alone at the end.
  const firstStart = Math.min(...files.map((file) => file.startTime));
  const at = (time: number) => `${((time - firstStart) / 1000).toFixed(0).padStart(5)} s`;
  console.log("\nproject       wall     files  tests   from      to");
  for (const [name, project] of [...projects].sort(([, a], [, b]) => b.end - b.start - (a.end - a.start))) {
    const wall = ((project.end - project.start) / 1000).toFixed(0);
    const counts = `${String(project.files).padStart(5)}  ${String(project.tests).padStart(5)}`;
    console.log(`${name.padEnd(12)} ${wall.padStart(5)} s  ${counts}  ${at(project.start)} ${at(project.end)}${project.failed ? `  (${project.failed} failed)` : ""}`);
  }
  console.log("\nslowest files");
  for (const file of [...files].sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
    console.log(`${file.seconds.toFixed(1).padStart(7)} s  ${file.path}`);
  }
  process.exitCode = run.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
