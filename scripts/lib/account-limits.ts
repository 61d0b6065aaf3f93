/**
 * What a new AWS account's limits allow a stage, read by `npm run stage:setup` before and after the first deploy:
 * the Lambda concurrency (a new account may have 10 in all, and AWS refuses a reservation that would leave the
 * account's unreserved concurrency under 100) and whether Amazon SES is still in its sandbox (it then mails only
 * verified addresses). Each answers the lines the setup prints, with what to do.
 */
import { GetAccountSettingsCommand, type LambdaClient } from "@aws-sdk/client-lambda";
import { GetAccountCommand, type SESv2Client } from "@aws-sdk/client-sesv2";

/** AWS keeps at least this much of an account's concurrency unreserved. */
export const UNRESERVED_MINIMUM = 100;
/** Below this, a shop's busy day throttles (the limit most accounts have). */
export const USUAL_CONCURRENCY_LIMIT = 1_000;

export interface Concurrency {
  limit: number;
  unreserved: number;
}

/** The account's concurrency: its limit and what no function has reserved. */
export async function readConcurrency(lambda: Pick<LambdaClient, "send">): Promise<Concurrency> {
  const answer = await lambda.send(new GetAccountSettingsCommand({}));
  return { limit: answer.AccountLimit?.ConcurrentExecutions ?? 0, unreserved: answer.AccountLimit?.UnreservedConcurrentExecutions ?? 0 };
}

/**
 * What the account's concurrency means for the stage: whether its limit carries a shop, and the most the Stripe
 * webhook may reserve (`REGRIP_STRIPE_WEBHOOK_CONCURRENCY`, `wanted` now), so a deploy is never refused for it.
 */
export function describeConcurrency(stage: string, { limit, unreserved }: Concurrency, wanted: number): string[] {
  const lines = [`[regrip] Lambda concurrency: the account's limit is ${limit}, ${unreserved} unreserved.`];
  if (limit < USUAL_CONCURRENCY_LIMIT) {
    lines.push(
      `[regrip] A limit under ${USUAL_CONCURRENCY_LIMIT} throttles the API on a busy day: ask for ${USUAL_CONCURRENCY_LIMIT} (Service Quotas → AWS Lambda → Concurrent executions; usually granted within a day).`,
    );
  }
  const room = Math.max(0, unreserved - UNRESERVED_MINIMUM);
  if (wanted > room) {
    lines.push(
      `[regrip] REGRIP_STRIPE_WEBHOOK_CONCURRENCY=${wanted} would be refused at deploy (AWS keeps ${UNRESERVED_MINIMUM} unreserved): ${room === 0 ? "reserve nothing (0, the default) until the limit is raised" : `reserve at most ${room}`} in .env.${stage}.`,
    );
  } else if (wanted === 0 && room >= 5) {
    lines.push(`[regrip] The account could reserve 5 for the Stripe webhook (REGRIP_STRIPE_WEBHOOK_CONCURRENCY=5 in .env.${stage}: payments keep their own room in a burst); 0, the default, reserves none.`);
  } else {
    lines.push(`[regrip] REGRIP_STRIPE_WEBHOOK_CONCURRENCY=${wanted} fits.`);
  }
  return lines;
}

/** Whether SES may mail anyone (production access) or only verified addresses (its sandbox). */
export async function sesProductionAccess(ses: Pick<SESv2Client, "send">): Promise<boolean> {
  const answer = await ses.send(new GetAccountCommand({}));
  return answer.ProductionAccessEnabled === true;
}

export function describeSesAccess(productionAccess: boolean): string[] {
  return productionAccess
    ? ["[regrip] Amazon SES: production access, so the shop mails any customer."]
    : [
        "[regrip] Amazon SES is still in its sandbox: it mails only verified addresses, so customers get no sign-up codes or receipts. Request production access (SES console → Account dashboard → Request production access; about a day) before the shop opens.",
      ];
}
