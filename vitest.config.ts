import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { defineConfig } from "vitest/config";
import { SuiteSequencer } from "./test/sequencer";

// Node 20 here, Node 22 on Lambda: the AWS SDK's notice about Node 20 is noise in test output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

/** The unit project's files: tests beside the code in the packages, infra and scripts. */
const unitFiles = ["packages", "infra", "scripts"]
  .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: "utf8" }).map((file) => join(dir, file)))
  .filter((file) => /\.test\.tsx?$/.test(file) && !file.split(/[\\/]/).includes("node_modules"));

/** Unit files that replace a module or a global (vi.mock and the like): each needs a module graph of its own. */
const unitFilesThatMock = unitFiles.filter((file) => /\bvi\.(mock|doMock|stubGlobal|stubEnv|resetModules)\(/.test(readFileSync(file, "utf8")));

/**
 * One `npm test`, six projects:
 * - unit: pure modules, their worker's modules shared between files
 * - unit-mocks: the unit files that replace a module's collaborators (vi.mock) or a global, each file isolated
 * - integration: handlers through the route table against DynamoDB Local and cognito-local
 * - infra: the SST app synthesized offline and asserted
 * - local: `npm start` itself (errors, restart, Ctrl-C)
 * - browser: Debian Chromium through playwright-core against `npm start`
 */
export default defineConfig({
  test: {
    // Two files at a time, across projects: on the 2-core machine vitest's default is one, and the suite ran file by
    // file while the browser's files mostly wait on Chromium and the shop. Browser files get a shop each.
    maxWorkers: 2,
    // Integration first, the unit files last, each project's longest files first (test/sequencer.ts).
    sequence: { sequencer: SuiteSequencer },
    projects: [
      {
        test: {
          name: "unit",
          include: unitFiles.filter((file) => !unitFilesThatMock.includes(file)),
          environment: "node",
          // Modules kept between a worker's files: importing React, Cloudscape, ElectroDB and zod again for each file
          // was most of this project's time. A file that mocks a module runs in a fresh module graph (unit-mocks).
          isolate: false,
        },
      },
      {
        test: {
          name: "unit-mocks",
          include: unitFilesThatMock,
          environment: "node",
          // Worker threads, not processes: a fresh module graph per file either way, about a tenth less CPU (62 against
          // 69 CPU-seconds for this project alone).
          pool: "threads",
        },
      },
      {
        test: {
          name: "integration",
          include: ["test/integration/**/*.test.ts"],
          globalSetup: ["test/integration/global-setup.ts"],
          setupFiles: ["test/integration/setup-env.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // Two files at a time beside the other projects' (the same maxWorkers as the root's: vitest runs projects of
          // different worker counts in separate groups), each worker with a DynamoDB Local, demo shop table, outboxes
          // and uploads folder of its own (test/integration/worker-table.ts), its files one after another in one
          // process, modules loaded once (setup-env.ts resets what a file may change).
          maxWorkers: 2,
          isolate: false,
        },
      },
      {
        test: {
          name: "infra",
          include: ["test/infra/**/*.test.ts"],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          env: { NODE_ENV: "test" },
          // Modules kept between a worker's files: each worker synthesizes a configuration once
          // (test/infra/configurations.ts), beside the other projects' files (the root's two workers: vitest runs
          // projects of different worker counts in separate groups, one after the other).
          isolate: false,
        },
      },
      {
        test: {
          name: "local",
          include: ["test/local/**/*.test.ts"],
          testTimeout: 240_000,
          hookTimeout: 240_000,
          // Each test starts a shop of its own on free ports and a data folder of its own, so files run side by side.
        },
      },
      {
        test: {
          name: "browser",
          include: ["test/browser/**/*.test.ts"],
          globalSetup: ["test/browser/global-setup.ts"],
          setupFiles: ["test/browser/shop-ready.ts"],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // A poll waits for the page to show what the server answered: on a loaded machine an answer can take a few
          // seconds, past the default second (a filtered communications log failed so).
          expect: { poll: { timeout: 10_000 } },
          // Modules kept between a worker's files (playwright-core, core's rules, browser.ts): importing them again for
          // each file cost the browser files about 66 s of import. Each worker keeps its own shop (browser.ts).
          isolate: false,
        },
      },
    ],
  },
});
