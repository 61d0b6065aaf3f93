/**
 * The stage's email sender (`npm run stage:setup -- --stage NAME --email-from shop@example.com`): the address the
 * shop's emails (confirmations, receipts, refund notices) and the user pool's come from must be an identity verified
 * in Amazon SES in the stage's region. This makes it one, by API rather than a trip to the console: an address
 * whose domain is already verified needs nothing; otherwise the address is created as an identity (SES emails it a
 * verification link) or, when it exists, its state is read. Safe to run again.
 */
import { AlreadyExistsException, CreateEmailIdentityCommand, GetEmailIdentityCommand, NotFoundException, type SESv2Client } from "@aws-sdk/client-sesv2";

export interface SenderOutcome {
  /** The identity that verifies the address: the address itself, or its domain. */
  identity: string;
  /** `created`: made now (SES has emailed the verification link); `exists`: there already. */
  outcome: "created" | "exists";
  verified: boolean;
}

async function verifiedState(ses: Pick<SESv2Client, "send">, identity: string): Promise<boolean | undefined> {
  try {
    const answer = await ses.send(new GetEmailIdentityCommand({ EmailIdentity: identity }));
    return answer.VerifiedForSendingStatus === true;
  } catch (error) {
    if (error instanceof NotFoundException || (error as Error).name === "NotFoundException") return undefined;
    throw error;
  }
}

/** Makes `address` a sender SES may send from (see above). */
export async function ensureEmailSender(ses: Pick<SESv2Client, "send">, address: string): Promise<SenderOutcome> {
  const domain = address.slice(address.lastIndexOf("@") + 1);
  if ((await verifiedState(ses, domain)) === true) return { identity: domain, outcome: "exists", verified: true };
  try {
    const created = await ses.send(new CreateEmailIdentityCommand({ EmailIdentity: address }));
    return { identity: address, outcome: "created", verified: created.VerifiedForSendingStatus === true };
  } catch (error) {
    if (!(error instanceof AlreadyExistsException) && (error as Error).name !== "AlreadyExistsException") throw error;
    return { identity: address, outcome: "exists", verified: (await verifiedState(ses, address)) === true };
  }
}

/** What the report says about the sender, and what is left to do. */
export function describeSender(stage: string, address: string, sender: SenderOutcome): string[] {
  const lines = [
    sender.verified
      ? `[regrip] Email sender ${address}: verified in Amazon SES (identity ${sender.identity}).`
      : `[regrip] Email sender ${address}: ${sender.outcome === "created" ? "created in Amazon SES, which has emailed it a verification link" : "waiting for its verification link to be clicked"}; emails go out once it is verified.`,
  ];
  const byDomain = sender.identity !== address;
  lines.push(
    `[regrip] The stage sends from it when .env.${stage} has REGRIP_EMAIL_FROM=${address}${byDomain ? " and REGRIP_EMAIL_IDENTITY=domain (SES verified the domain, not the address: the user pool must send through the domain's identity)" : ""} at the next deploy (npx sst deploy --stage ${stage}): that gives the functions that send email the address and ses:SendEmail on it alone.`,
  );
  return lines;
}
