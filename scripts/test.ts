/**
 * `npm test`: type-check every package and build the web app side by side, then run every vitest project.
 * Arguments are passed to vitest (`npm test -- --project unit`). Prints how long each step took.
 *
 * The two type-checks and the build share no output, and each is mostly one core's work: on the 2-core machine
 * running them together takes about half as long as one after the other.
 */
import { spawn } from "node:child_process";
import { repoRoot } from "../infra/local/settings";

interface Step {
  name: string;
  command: string[];
}

/**
 * The type-checks run `tsgo`, TypeScript's native compiler (`@typescript/native-preview`, pinned): the same
 * tsconfig files and the same errors as `tsc` of the `typescript` package, in about a quarter of its CPU time (tsc
 * took 47 s and 32 s of the two cores here). `npx tsc -p <tsconfig> --noEmit` still works for a second opinion.
 */
const prepare: Step[] = [
  { name: "typecheck (functions, core, infra, scripts, tests)", command: ["npx", "tsgo", "-p", "tsconfig.json", "--noEmit"] },
  { name: "typecheck (web)", command: ["npx", "tsgo", "-p", "packages/web/tsconfig.json", "--noEmit"] },
  { name: "build:web", command: ["npx", "tsx", "scripts/build-web.ts"] },
];

/** Runs a step with its output kept, and prints it when the step ends (steps running together never interleave). */
function run(step: Step, { stream = false } = {}): Promise<{ step: Step; code: number; seconds: number }> {
  const began = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(step.command[0]!, step.command.slice(1), { cwd: repoRoot, stdio: stream ? "inherit" : ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      const seconds = (performance.now() - began) / 1000;
      if (output.trim()) process.stdout.write(`\n${step.name}:\n${output}`);
      resolve({ step, code: code ?? (signal ? 1 : 0), seconds });
    });
  });
}

const began = performance.now();
const prepared = await Promise.all(prepare.map((step) => run(step)));
for (const { step, code, seconds } of prepared) console.log(`${code === 0 ? "ok" : "FAILED"}  ${step.name} (${seconds.toFixed(1)} s)`);
if (prepared.some(({ code }) => code !== 0)) process.exit(1);

const tests = await run({ name: "vitest", command: ["npx", "vitest", "run", ...process.argv.slice(2)] }, { stream: true });
console.log(`\nnpm test: prepared in ${prepared.reduce((most, { seconds }) => Math.max(most, seconds), 0).toFixed(1)} s, tests in ${tests.seconds.toFixed(1)} s, ${((performance.now() - began) / 1000).toFixed(1)} s in all`);
process.exit(tests.code);
