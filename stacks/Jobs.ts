import { Cron, use, type StackContext } from "sst/constructs";
import { expireUnpaidJob } from "../infra/jobs";
import { Auth } from "./Auth";
import { handlerDefaults } from "./handlers";
import { deploySettings } from "./settings";
import { Storage } from "./Storage";
import { failureQueue, keepFailedInvocations } from "./watch";

/** Scheduled jobs of infra/jobs.ts: each a Cron whose function has every handler's defaults (stacks/handlers.ts). */
export function Jobs({ app, stack }: StackContext) {
  const storage = use(Storage);
  const { cognito, issuer } = use(Auth);
  const settings = deploySettings(app);
  const siteUrl = settings.siteUrl ?? "";

  const expireUnpaid = new Cron(stack, "ExpireUnpaidOrders", {
    schedule: expireUnpaidJob.schedule,
    job: {
      function: {
        handler: expireUnpaidJob.handler,
        ...handlerDefaults({ ...storage, cognito, issuer, loginUrl: siteUrl ? `${siteUrl}/login` : "/login", siteUrl }, { passwordSignIn: false }),
        timeout: expireUnpaidJob.timeoutSeconds,
      },
      // A run EventBridge could not start is kept in the stack's failure queue, as is one that failed its retries.
      cdk: { target: { deadLetterQueue: failureQueue(stack) } },
    },
  });
  keepFailedInvocations(expireUnpaid.jobFunction);

  return { expireUnpaid };
}
