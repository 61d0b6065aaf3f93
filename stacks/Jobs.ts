import { Duration, RemovalPolicy } from "aws-cdk-lib";
import { BlockPublicAccess, Bucket, BucketEncryption } from "aws-cdk-lib/aws-s3";
import { Cron, Script, use, type StackContext } from "sst/constructs";
import { expireUnpaidJob, jobsOf, migrationsFunction, remindersJob, userExportJob, userExportDays, type Job } from "../infra/jobs";
import { latestVersion } from "../packages/core/src/migrations";
import { Auth } from "./Auth";
import { FunctionRoles } from "./grants";
import { declaredFunction, handlerDefaults } from "./handlers";
import { deploySettings, isProduction } from "./settings";
import { Storage } from "./Storage";
import { failureQueue, keepFailedInvocations } from "./watch";

/** Scheduled jobs of infra/jobs.ts: each a Cron whose function has every handler's defaults and its own grants. */
export function Jobs({ app, stack }: StackContext) {
  const storage = use(Storage);
  const { cognito, issuer } = use(Auth);
  const settings = deploySettings(app);
  const siteUrl = settings.siteUrl ?? "";
  const production = isProduction(app);

  // Production's nightly user export (docs/operations.md): kept when the stack or the stage is removed, each export
  // 35 days (an export overwritten or deleted before then 7 days more, as an earlier version), encrypted, private,
  // reached over TLS only. Only the export job may write to it, and only new exports under users/.
  const userExports = production
    ? new Bucket(stack, "UserExports", {
        versioned: true,
        encryption: BucketEncryption.S3_MANAGED,
        blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
        enforceSSL: true,
        removalPolicy: RemovalPolicy.RETAIN,
        lifecycleRules: [
          { id: "ExpireOldExports", expiration: Duration.days(userExportDays), noncurrentVersionExpiration: Duration.days(7) },
        ],
      })
    : undefined;
  if (userExports) stack.addOutputs({ UserExportsBucket: userExports.bucketName });

  const roles = new FunctionRoles(stack, { ...storage, cognito, emailFrom: settings.emailFrom, userExports });
  const defaults = handlerDefaults({ ...storage, cognito, issuer, loginUrl: siteUrl ? `${siteUrl}/login` : "/login", siteUrl });
  const cron = (id: string, job: Job) => {
    const made = new Cron(stack, id, {
      schedule: job.schedule,
      job: {
        function: {
          ...declaredFunction(defaults, roles, job),
          timeout: job.timeoutSeconds,
        },
        // A run EventBridge could not start is kept in the stack's failure queue, as is one that failed its retries.
        cdk: { target: { deadLetterQueue: failureQueue(stack) } },
      },
    });
    keepFailedInvocations(made.jobFunction);
    roles.noteSecrets(made.jobFunction, job.grants);
    return made;
  };

  const ids = new Map<Job, string>([
    [expireUnpaidJob, "ExpireUnpaidOrders"],
    // The reminders' texts link to the site (the regrip reminder's Book again): handlerDefaults gives SITE_URL.
    [remindersJob, "Reminders"],
    [userExportJob, "UserExport"],
  ]);
  for (const job of jobsOf(production)) {
    const id = ids.get(job);
    if (!id) throw new Error(`${job.name} has no construct id in stacks/Jobs.ts`);
    cron(id, job);
  }

  // The data migrations (packages/core/src/migrations/), after the stacks: on the stage's first deploy, then each time
  // the latest migration's version changes. A migration that throws fails the deploy, saying why.
  const migrationsProps = {
    ...declaredFunction(defaults, roles, migrationsFunction),
    timeout: migrationsFunction.timeoutSeconds,
  };
  const migrations = new Script(stack, "DataMigrations", { onCreate: migrationsProps, onUpdate: migrationsProps, version: String(latestVersion) });
  for (const fn of [migrations.createFunction, migrations.updateFunction]) if (fn) roles.noteSecrets(fn, migrationsFunction.grants);

  return { migrations };
}
