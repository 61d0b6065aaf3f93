import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { inject } from "vitest";
import { env } from "../../infra/env";
import { emailOutboxFile } from "../../infra/local/cognito-gate";
import { dynamoEndpoint } from "../../infra/local/dynamo";
import { workerNumber } from "../worker";

/**
 * What one vitest worker's files read and write. Files run side by side, one at
 * a time in each worker, and each worker has its own DynamoDB Local with its
 * own demo shop table (`<table>-w<worker>`, made and seeded as `npm start`
 * seeds its one when the worker's first file starts) and its own folder in the
 * run's folder for the SMS and email outboxes and the uploads. So a file sees
 * only what the files its worker ran before it wrote, as it saw every earlier
 * file's when all ran in one. A DynamoDB Local each, not one for both: a file
 * has its DynamoDB Local to itself, as when files ran one at a time, whatever
 * the other worker sends meanwhile (the hostile test's thousands of requests
 * beside booking-schedule.test.ts's 30 bookings at once, each call bounded by
 * the SDK's 2 s limit). cognito-local is the
 * run's one (global-setup.ts, which also starts the DynamoDB Locals, makes the
 * seeded logins and seeds the first worker's table); every other login a test
 * makes has a name of its own.
 */
export interface WorkerPlace {
  /** The worker's values of the environment contract (infra/env.ts): its DynamoDB Local, table, outboxes and uploads folder. */
  environment: Record<string, string>;
  /** A file in the run's folder, there once the table is seeded. */
  seededMarker: string;
}

export function workerPlace(
  poolId: string | undefined,
  base = inject("localEnv")[env.tableName]!,
  runDir = inject("runDir"),
  dynamoPorts = inject("dynamoPorts"),
): WorkerPlace {
  const id = workerNumber(poolId);
  const worker = `w${id}`;
  const table = `${base}-${worker}`;
  const dir = join(runDir, worker);
  return {
    environment: {
      AWS_ENDPOINT_URL_DYNAMODB: dynamoEndpoint(dynamoPorts[(id - 1) % dynamoPorts.length]!),
      [env.tableName]: table,
      [env.smsOutboxFile]: join(dir, "outbox.jsonl"),
      [env.emailOutboxFile]: emailOutboxFile(dir),
      [env.uploadsDir]: join(dir, "uploads"),
    },
    seededMarker: join(runDir, `${table}.seeded`),
  };
}

/**
 * Makes the worker's folder, and makes and seeds its table (process.env holds the worker's environment already);
 * the seed's modules are loaded only here.
 */
export async function seedWorkerPlace(place: WorkerPlace, target = { cognitoPort: inject("cognitoPort"), userPoolId: inject("userPoolId") }): Promise<void> {
  const [{ ensureTable }, { seedDemoShop }, { loadSettings }] = await Promise.all([
    import("../../infra/local/dynamo"),
    import("../../infra/local/seed"),
    import("../../infra/local/settings"),
  ]);
  mkdirSync(place.environment[env.uploadsDir]!, { recursive: true });
  await ensureTable(Number(new URL(process.env.AWS_ENDPOINT_URL_DYNAMODB!).port), place.environment[env.tableName]!);
  await seedDemoShop({ ...target, accounts: loadSettings().seed });
  writeFileSync(place.seededMarker, "");
}
