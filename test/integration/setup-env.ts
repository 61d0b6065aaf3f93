import { existsSync } from "node:fs";
import { installLocalCognito } from "../../infra/local/cognito-stand-in";
import { inject, vi } from "vitest";
import { enforceDeclaredGrants } from "../../packages/core/src/aws/grant-check";
import { useEmailProvider } from "../../packages/core/src/email";
import { usePaymentProvider } from "../../packages/core/src/payments/provider";
import { useSmsProvider } from "../../packages/core/src/sms";
import { seedWorkerPlace, workerPlace } from "./worker-table";

/**
 * Runs before each test file. A worker runs its files one after another in one
 * process with their modules shared (`isolate: false` in vitest.config.ts), so
 * each file starts here from the same state as the worker's first: the
 * environment as it was then, no provider chosen by an earlier file, no spy
 * left on.
 */
const first = globalThis as { regripIntegrationEnv?: Record<string, string | undefined> };
if (!first.regripIntegrationEnv) {
  // Handlers read the environment contract of infra/env.ts; the global setup filled it.
  Object.assign(process.env, inject("localEnv"));
  // Files run side by side: each worker has a demo shop table, outboxes and uploads folder of its own (worker-table.ts).
  const place = workerPlace(process.env.VITEST_POOL_ID);
  Object.assign(process.env, place.environment);
  if (!existsSync(place.seededMarker)) await seedWorkerPlace(place);
  first.regripIntegrationEnv = { ...process.env };
} else {
  const environment = first.regripIntegrationEnv;
  for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name];
  Object.assign(process.env, environment);
}
useSmsProvider(undefined);
useEmailProvider(undefined);
usePaymentProvider(undefined);
vi.restoreAllMocks();

// Every test file, also one that calls a domain function under a function's grants without the adapter
// (expire.test.ts runs the job's code), holds functions to their declarations as `npm start` does.
enforceDeclaredGrants();
// What cognito-local does not do for the handlers' user pool calls, as `npm start` installs it (an invite's email in
// the worker's email outbox, a disabled account's sign-in refused, the global sign-out).
installLocalCognito();
