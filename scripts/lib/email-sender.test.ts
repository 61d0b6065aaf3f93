import { AlreadyExistsException, CreateEmailIdentityCommand, GetEmailIdentityCommand, NotFoundException } from "@aws-sdk/client-sesv2";
import { describe, expect, it } from "vitest";
import { describeSender, ensureEmailSender } from "./email-sender";

/** An SES stand-in holding identities by name, recording what is asked of it. */
function fakeSes(identities: Record<string, boolean>) {
  const asked: string[] = [];
  return {
    asked,
    async send(command: unknown): Promise<never> {
      if (command instanceof GetEmailIdentityCommand) {
        const name = command.input.EmailIdentity!;
        asked.push(`get ${name}`);
        if (!(name in identities)) throw new NotFoundException({ message: "not found", $metadata: {} });
        return { VerifiedForSendingStatus: identities[name] } as never;
      }
      if (command instanceof CreateEmailIdentityCommand) {
        const name = command.input.EmailIdentity!;
        asked.push(`create ${name}`);
        if (name in identities) throw new AlreadyExistsException({ message: "exists", $metadata: {} });
        identities[name] = false;
        return { VerifiedForSendingStatus: false } as never;
      }
      throw new Error("unexpected command");
    },
  };
}

describe("the stage's email sender", () => {
  it("needs nothing when the address's domain is verified, and says the stage sends through the domain's identity", async () => {
    const ses = fakeSes({ "regrip.example": true });
    const sender = await ensureEmailSender(ses, "shop@regrip.example");
    expect(sender).toEqual({ identity: "regrip.example", outcome: "exists", verified: true });
    expect(ses.asked).toEqual(["get regrip.example"]);
    expect(describeSender("production", "shop@regrip.example", sender)[1]).toContain("REGRIP_EMAIL_FROM=shop@regrip.example and REGRIP_EMAIL_IDENTITY=domain");
  });

  it("creates the address as an identity once, and reads its state on the next run", async () => {
    const ses = fakeSes({});
    expect(await ensureEmailSender(ses, "shop@regrip.example")).toEqual({ identity: "shop@regrip.example", outcome: "created", verified: false });
    expect(await ensureEmailSender(ses, "shop@regrip.example")).toEqual({ identity: "shop@regrip.example", outcome: "exists", verified: false });
    expect(ses.asked.filter((call) => call.startsWith("create"))).toEqual(["create shop@regrip.example", "create shop@regrip.example"]);
    const lines = describeSender("dev", "shop@regrip.example", { identity: "shop@regrip.example", outcome: "created", verified: false });
    expect(lines[0]).toContain("emailed it a verification link");
    expect(lines[1]).toContain("REGRIP_EMAIL_FROM=shop@regrip.example at the next deploy");
  });
});
