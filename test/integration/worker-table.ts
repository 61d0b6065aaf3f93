import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { inject } from "vitest";
import { env } from "../../infra/env";

/**
 * The demo shop table of one vitest worker. Files run side by side, one at a
 * time in each worker, and each worker reads and writes its own table
 * (`<table>-w<worker>`), made and seeded as `npm start` seeds its one when the
 * worker's first file starts. So a file sees only the writes of the files its
 * worker ran before it, as it saw every earlier file's when all ran in one.
 * DynamoDB Local and cognito-local are the run's one each (global-setup.ts),
 * which also makes the seeded logins and seeds the first worker's table.
 */
export interface WorkerTable {
  name: string;
  /** A file in the run's folder, there once the table is seeded. */
  seededMarker: string;
}

export function workerTable(poolId: string | undefined, base = inject("localEnv")[env.tableName]!, runDir = inject("runDir")): WorkerTable {
  const name = `${base}-w${poolId ?? "1"}`;
  return { name, seededMarker: join(runDir, `${name}.seeded`) };
}

/** Makes and seeds the table (its name is in TABLE_NAME already); the seed's modules are loaded only here. */
export async function seedWorkerTable(table: WorkerTable, target = { cognitoPort: inject("cognitoPort"), userPoolId: inject("userPoolId") }): Promise<void> {
  const [{ ensureTable }, { seedDemoShop }, { loadSettings }] = await Promise.all([
    import("../../infra/local/dynamo"),
    import("../../infra/local/seed"),
    import("../../infra/local/settings"),
  ]);
  await ensureTable(Number(new URL(process.env.AWS_ENDPOINT_URL_DYNAMODB!).port), table.name);
  await seedDemoShop({ ...target, accounts: loadSettings().seed });
  writeFileSync(table.seededMarker, "");
}
