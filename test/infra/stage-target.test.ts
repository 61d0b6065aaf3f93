/**
 * How `npm run stage:setup` finds a deployed stage (scripts/lib/stage-target.ts), with stand-ins for CloudFormation
 * and SSM that answer as AWS does: no AWS call. The stacks' side (they declare the outputs read here) is checked
 * in synth.test.ts.
 */
import { DescribeStacksCommand, type Output } from "@aws-sdk/client-cloudformation";
import type { CognitoIdentityProviderClient } from "@aws-sdk/client-cognito-identity-provider";
import { GetParameterCommand, GetParametersCommand, PutParameterCommand } from "@aws-sdk/client-ssm";
import { describe, expect, it } from "vitest";
import { secrets, type SecretName } from "../../infra/env";
import { StageSetupError } from "../../scripts/lib/stage-setup";
import { cloudSecrets, cloudTarget, fallbackParameter, readStageSecret, secretParameter, stageStripeWebhook, storeStageSecret, type CloudClients } from "../../scripts/lib/stage-target";

const notFound = (stack: string) => Object.assign(new Error(`Stack with id ${stack} does not exist`), { name: "ValidationError" });

/** CloudFormation as AWS answers DescribeStacks: the stacks given, a ValidationError for any other. */
function cloudFormation(stacks: Record<string, Output[]>): CloudClients["cloudFormation"] {
  return {
    send: (async (command: unknown) => {
      if (!(command instanceof DescribeStacksCommand)) throw new Error("unexpected command");
      const name = command.input.StackName!;
      if (!stacks[name]) throw notFound(name);
      return { Stacks: [{ StackName: name, StackStatus: "UPDATE_COMPLETE", Outputs: stacks[name] }] };
    }) as CloudClients["cloudFormation"]["send"],
  };
}

/** SSM as AWS answers GetParameters: the names that exist (never decrypted here), the rest as InvalidParameters. */
function ssm(existing: string[], asked: { names: string[]; decrypt: boolean[] } = { names: [], decrypt: [] }): CloudClients["ssm"] {
  return {
    send: (async (command: unknown) => {
      if (!(command instanceof GetParametersCommand)) throw new Error("unexpected command");
      const names = command.input.Names ?? [];
      if (names.length > 10) throw Object.assign(new Error("too many names"), { name: "ValidationException" });
      asked.names.push(...names);
      asked.decrypt.push(command.input.WithDecryption ?? false);
      return {
        Parameters: names.filter((n) => existing.includes(n)).map((Name) => ({ Name, Type: "SecureString", Value: "AQICAH-encrypted" })),
        InvalidParameters: names.filter((n) => !existing.includes(n)),
      };
    }) as CloudClients["ssm"]["send"],
  };
}

const cognito = {} as CognitoIdentityProviderClient;
const deployed = {
  "dev-regrip-Auth": [
    { OutputKey: "UserPoolId", OutputValue: "us-east-1_AbC123" },
    { OutputKey: "UserPoolClientId", OutputValue: "client123" },
  ],
  "dev-regrip-Storage": [{ OutputKey: "TableName", OutputValue: "dev-regrip-Storage-TableCD117FA1-XYZ" }],
  "dev-regrip-Web": [{ OutputKey: "SiteUrl", OutputValue: "https://d111abcdef8.cloudfront.net" }],
};

describe("a deployed stage", () => {
  it("is found by its stacks' outputs: the pool, the table and the site", async () => {
    const found = await cloudTarget("dev", "us-east-1", { cloudFormation: cloudFormation(deployed), ssm: ssm([]), cognito }, "email");
    expect(found.siteUrl).toBe("https://d111abcdef8.cloudfront.net");
    expect(found.target).toMatchObject({
      label: "stage dev in us-east-1",
      userPoolId: "us-east-1_AbC123",
      tableName: "dev-regrip-Storage-TableCD117FA1-XYZ",
      secretsWhere: "SSM /sst/regrip/dev/Secret/<NAME>/value",
      invitation: "email",
    });
  });

  it("says to deploy first when a stack is missing, and to deploy again when an output is", async () => {
    const clients = (stacks: Record<string, Output[]>) => ({ cloudFormation: cloudFormation(stacks), ssm: ssm([]), cognito });
    await expect(cloudTarget("pr-7", "eu-west-1", clients(deployed), "email")).rejects.toThrow(
      new StageSetupError("Stack pr-7-regrip-Auth does not exist in eu-west-1: deploy the stage first (npx sst deploy --stage pr-7), or set AWS_REGION to the region it is in."),
    );
    const older = { ...deployed, "dev-regrip-Storage": [] };
    await expect(cloudTarget("dev", "us-east-1", clients(older), "email")).rejects.toThrow(
      "Stack dev-regrip-Storage has no TableName output: deploy the stage again with this version of the code (npx sst deploy --stage dev).",
    );
    // A stage whose Web stack failed still gets its admin and catalogue; the report then names no site.
    const { "dev-regrip-Web": _web, ...noSite } = deployed;
    expect((await cloudTarget("dev", "us-east-1", clients(noSite), "print")).siteUrl).toBeUndefined();
  });

  it("lists each secret as set, set only as a fallback, or unset, asking SSM ten names at a time and decrypting none", async () => {
    const asked = { names: [] as string[], decrypt: [] as boolean[] };
    const existing = [secretParameter("dev", "STRIPE_SECRET_KEY"), secretParameter("dev", "TWILIO_AUTH_TOKEN"), fallbackParameter("STRIPE_WEBHOOK_SECRET"), fallbackParameter("STRIPE_SECRET_KEY")];
    const statuses = await cloudSecrets(ssm(existing, asked), "dev");
    expect(statuses.map((s) => s.name)).toEqual(secrets.map((s) => s.name));
    const state = (name: SecretName) => statuses.find((s) => s.name === name)!;
    expect(state("STRIPE_SECRET_KEY")).toEqual({ name: "STRIPE_SECRET_KEY", state: "set" });
    expect(state("TWILIO_AUTH_TOKEN").state).toBe("set");
    expect(state("STRIPE_WEBHOOK_SECRET")).toMatchObject({ state: "fallback", note: expect.stringContaining("--stage") });
    expect(state("GITHUB_CLIENT_SECRET").state).toBe("unset");
    expect(statuses.filter((s) => s.state === "unset")).toHaveLength(secrets.length - 3);
    // The stage's own 15, then the fallbacks of the 13 it lacks; never a value decrypted.
    expect(asked.names).toHaveLength(secrets.length + secrets.length - 2);
    expect(asked.names[0]).toBe("/sst/regrip/dev/Secret/STRIPE_SECRET_KEY/value");
    expect(asked.names).toContain("/sst/regrip/.fallback/Secret/STRIPE_WEBHOOK_SECRET/value");
    expect(asked.decrypt.every((d) => d === false)).toBe(true);
  });
});

describe("a deployed stage's Stripe webhook", () => {
  /** SSM as AWS answers GetParameter and PutParameter, over the values given. */
  function valuedSsm(values: Map<string, { value: string; type: string }>): CloudClients["ssm"] {
    return {
      send: (async (command: unknown) => {
        if (command instanceof GetParameterCommand) {
          const found = values.get(command.input.Name!);
          if (!found) throw Object.assign(new Error("parameter not found"), { name: "ParameterNotFound" });
          expect(command.input.WithDecryption).toBe(true);
          return { Parameter: { Name: command.input.Name, Value: found.value, Type: found.type } };
        }
        if (command instanceof PutParameterCommand) {
          values.set(command.input.Name!, { value: command.input.Value!, type: command.input.Type! });
          return {};
        }
        throw new Error("unexpected command");
      }) as CloudClients["ssm"]["send"],
    };
  }

  const withWebhooks = { ...deployed, "dev-regrip-Webhooks": [{ OutputKey: "StripeWebhookUrl", OutputValue: "https://abc.lambda-url.us-east-1.on.aws/" }] };

  it("is found by the Webhooks stack's output, and its signing secret stored where sst secrets set puts it", async () => {
    expect((await cloudTarget("dev", "us-east-1", { cloudFormation: cloudFormation(withWebhooks), ssm: ssm([]), cognito }, "email")).stripeWebhookUrl).toBe(
      "https://abc.lambda-url.us-east-1.on.aws/",
    );
    expect((await cloudTarget("dev", "us-east-1", { cloudFormation: cloudFormation(deployed), ssm: ssm([]), cognito }, "email")).stripeWebhookUrl).toBeUndefined();

    const values = new Map<string, { value: string; type: string }>();
    const store = valuedSsm(values);
    expect(await readStageSecret(store, "dev", "STRIPE_WEBHOOK_SECRET")).toBeUndefined();
    await expect(stageStripeWebhook("dev", "us-east-1", { cloudFormation: cloudFormation(withWebhooks), ssm: store })).rejects.toThrow(
      /STRIPE_WEBHOOK_SECRET is unset on stage dev: run npm run stage:setup/,
    );
    await storeStageSecret(store, "dev", "STRIPE_WEBHOOK_SECRET", "whsec_abc");
    expect(values.get(secretParameter("dev", "STRIPE_WEBHOOK_SECRET"))).toEqual({ value: "whsec_abc", type: "SecureString" });
    expect(await stageStripeWebhook("dev", "us-east-1", { cloudFormation: cloudFormation(withWebhooks), ssm: store })).toEqual({
      url: "https://abc.lambda-url.us-east-1.on.aws/",
      secret: "whsec_abc",
    });
  });
});
