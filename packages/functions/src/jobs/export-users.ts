/**
 * The nightly user export (packages/core/src/user-backup): an SST Cron of production's Jobs stack (stacks/Jobs.ts).
 * Every user and group of the stage's pool, as one JSON file in the stage's user-exports bucket, `users/YYYY-MM-DD.json`,
 * what `npm run restore:users` re-imports (docs/operations.md). A failure throws: Lambda retries it twice, then the
 * run waits in the Jobs stack's failure queue, and its alarm fires.
 */
import { CognitoIdentityProviderClient } from "@aws-sdk/client-cognito-identity-provider";
import { sdkClientConfig } from "@regrip/core/aws";
import { granted } from "@regrip/core/aws/grants";
import { exportUsers, saveUserExport } from "@regrip/core/user-backup";
import { env } from "../../../../infra/env";
import { userExportJob } from "../../../../infra/jobs";

// A pool's pages may take longer than a request's 2 s: the job has minutes.
const limits = sdkClientConfig({ connectionTimeoutMs: 2_000, requestTimeoutMs: 30_000, maxAttempts: 5 });

export const handler = granted(userExportJob, async (): Promise<{ key: string; users: number; groups: number }> => {
  const bucket = process.env[env.userExportsBucket];
  const userPoolId = process.env[env.userPoolId];
  if (!bucket || !userPoolId) throw new Error(`${env.userExportsBucket} and ${env.userPoolId} must be set (the Jobs stack sets both in production).`);
  const exported = await exportUsers(new CognitoIdentityProviderClient(limits), userPoolId);
  const key = await saveUserExport(bucket, exported);
  console.log(`user export: ${exported.users.length} users, ${exported.groups.length} groups to s3://${bucket}/${key}`);
  return { key, users: exported.users.length, groups: exported.groups.length };
});
