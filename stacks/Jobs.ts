import { Cron, Script, use, type StackContext } from "sst/constructs";
import { expireUnpaidJob, migrationsFunction, remindersJob, type Job } from "../infra/jobs";
import { latestVersion } from "../packages/core/src/migrations";
import { Auth } from "./Auth";
import { FunctionRoles } from "./grants";
import { declaredFunction, handlerDefaults } from "./handlers";
import { deploySettings } from "./settings";
import { Storage } from "./Storage";
import { failureQueue, keepFailedInvocations } from "./watch";

/** Scheduled jobs of infra/jobs.ts: each a Cron whose function has every handler's defaults and its own grants. */
export function Jobs({ app, stack }: StackContext) {
  const storage = use(Storage);
  const { cognito, issuer } = use(Auth);
  const settings = deploySettings(app);
  const siteUrl = settings.siteUrl ?? "";

  const roles = new FunctionRoles(stack, { ...storage, cognito, emailFrom: settings.emailFrom });
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

  const expireUnpaid = cron("ExpireUnpaidOrders", expireUnpaidJob);
  // The reminders' texts link to the site (the regrip reminder's Book again): handlerDefaults gives SITE_URL.
  const reminders = cron("Reminders", remindersJob);

  // The data migrations (packages/core/src/migrations/), after the stacks: on the stage's first deploy, then each time
  // the latest migration's version changes. A migration that throws fails the deploy, saying why.
  const migrationsProps = {
    ...declaredFunction(defaults, roles, migrationsFunction),
    timeout: migrationsFunction.timeoutSeconds,
  };
  const migrations = new Script(stack, "DataMigrations", { onCreate: migrationsProps, onUpdate: migrationsProps, version: String(latestVersion) });
  for (const fn of [migrations.createFunction, migrations.updateFunction]) if (fn) roles.noteSecrets(fn, migrationsFunction.grants);

  return { expireUnpaid, reminders, migrations };
}
