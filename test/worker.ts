/**
 * The number of the vitest worker running this file: 1 to maxWorkers (VITEST_POOL_ID), never the same for two files
 * running at once; 1 outside a pool. What a worker keeps for itself (the integration tests' table and DynamoDB Local,
 * the browser tests' shop) is picked by it.
 */
export function workerNumber(poolId: string | undefined = process.env.VITEST_POOL_ID): number {
  return Math.max(1, Number(poolId) || 1);
}
