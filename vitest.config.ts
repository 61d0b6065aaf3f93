import { defineConfig } from "vitest/config";

// Node 20 here, Node 22 on Lambda: the AWS SDK's notice about Node 20 is noise in test output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

/**
 * One `npm test`, four projects:
 * - unit: pure modules, mocks allowed for a single module's collaborators
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
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/*/src/**/*.test.{ts,tsx}", "infra/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
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
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
