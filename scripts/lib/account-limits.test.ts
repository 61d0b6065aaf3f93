import { GetAccountSettingsCommand } from "@aws-sdk/client-lambda";
import { GetAccountCommand } from "@aws-sdk/client-sesv2";
import { describe, expect, it } from "vitest";
import { describeConcurrency, describeSesAccess, readConcurrency, sesProductionAccess } from "./account-limits";

describe("the account's limits, before and after the first deploy", () => {
  it("reads the Lambda concurrency and says a new account's 10 reserves nothing and needs raising", async () => {
    const lambda = {
      async send(command: unknown): Promise<never> {
        if (!(command instanceof GetAccountSettingsCommand)) throw new Error("unexpected command");
        return { AccountLimit: { ConcurrentExecutions: 10, UnreservedConcurrentExecutions: 10 } } as never;
      },
    };
    const fresh = await readConcurrency(lambda);
    expect(fresh).toEqual({ limit: 10, unreserved: 10 });
    const lines = describeConcurrency("production", fresh, 5).join("\n");
    expect(lines).toContain("ask for 1000");
    expect(lines).toContain("REGRIP_STRIPE_WEBHOOK_CONCURRENCY=5 would be refused at deploy");
    expect(lines).toContain("reserve nothing (0, the default)");
    expect(describeConcurrency("production", fresh, 0).join("\n")).not.toContain("would be refused");
  });

  it("says what a usual account may reserve, and that a reservation fits", () => {
    expect(describeConcurrency("production", { limit: 1000, unreserved: 1000 }, 0).join("\n")).toContain("could reserve 5");
    expect(describeConcurrency("production", { limit: 1000, unreserved: 1000 }, 5).join("\n")).toContain("REGRIP_STRIPE_WEBHOOK_CONCURRENCY=5 fits");
    expect(describeConcurrency("production", { limit: 1000, unreserved: 103 }, 5).join("\n")).toContain("reserve at most 3");
    expect(describeConcurrency("production", { limit: 1000, unreserved: 1000 }, 5).join("\n")).not.toContain("ask for");
  });

  it("tells SES's sandbox from production access", async () => {
    const ses = (enabled: boolean) => ({
      async send(command: unknown): Promise<never> {
        if (!(command instanceof GetAccountCommand)) throw new Error("unexpected command");
        return { ProductionAccessEnabled: enabled } as never;
      },
    });
    expect(await sesProductionAccess(ses(false))).toBe(false);
    expect(describeSesAccess(false)[0]).toContain("still in its sandbox");
    expect(await sesProductionAccess(ses(true))).toBe(true);
    expect(describeSesAccess(true)[0]).toContain("production access");
  });
});
