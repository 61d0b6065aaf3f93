/**
 * What the cloud grants, from the templates as CDK writes them for deploy:
 * - every function (each route of the route table, each webhook, the job) holds exactly the IAM actions and
 *   resources its declaration (infra/grants.ts) names, and the secrets it may fetch, and nothing else; a route
 *   added later is covered here without a line of its own;
 * - every template is at most 600,000 bytes, and each of the two API stacks has room for 40 more routes below
 *   CDK's 800,000 warning and 500 CloudFormation resources;
 * - cfn-lint, AWS's CloudFormation linter, finds no error in any template.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env } from "../../infra/env";
import { secretsOf, tableActions, type Grants } from "../../infra/grants";
import { jobs, maintenanceFunctions } from "../../infra/jobs";
import { webhooks } from "../../infra/webhooks";
import { routeKey, routes } from "../../packages/functions/src/routes";
import { apiStackOf } from "../../stacks/Api";
import { stackNames, type StackName, type Synthesis } from "../../stacks/synth";
import { synthesized, configurations, productionEmailFrom } from "./configurations";
import { deployedTemplate, describeSizes, templateBudget, templateSizes } from "../../stacks/template-size";
import { resource, resourcesOfType, target, templateJson, type Resource } from "./cloudformation";

/** The largest configuration: production with its alarms, a site URL, every identity provider and SNS delivery logs. */
let full: Synthesis;
const { stage } = configurations.production;

beforeAll(async () => {
  full = await synthesized("production");
});

/** A template value in words: references become `<Type>`, `AWS::Partition` becomes aws, joins are joined. */
function described(synthesis: Synthesis, stack: StackName, value: unknown): string {
  if (typeof value === "string") return value;
  const v = value as Record<string, any>;
  if (v?.Ref === "AWS::Partition") return "aws";
  if (Array.isArray(v?.["Fn::Join"])) return (v["Fn::Join"][1] as unknown[]).map((part) => described(synthesis, stack, part)).join(v["Fn::Join"][0]);
  const at = target(synthesis, stack, value);
  if (at) return `<${resource(synthesis, at).Type}>`;
  throw new Error(`cannot describe ${JSON.stringify(value)}`);
}

type Granted = Map<string, Set<string>>;

function add(map: Granted, action: string, resources: string[]) {
  const set = map.get(action) ?? new Set<string>();
  for (const r of resources) set.add(r);
  map.set(action, set);
}

/** Every action a function's role allows, with the resources it allows it on, and its managed policies. */
function grantedTo(synthesis: Synthesis, stack: StackName, fn: Resource): { actions: Granted; denied: Granted; managed: string[] } {
  const roleAt = target(synthesis, stack, fn.Properties!.Role)!;
  expect(roleAt.attribute).toBe("Arn");
  const role = resource(synthesis, roleAt);
  expect(role.Type).toBe("AWS::IAM::Role");
  const statements: Record<string, any>[] = [];
  for (const policy of role.Properties!.Policies ?? []) statements.push(...policy.PolicyDocument.Statement);
  for (const [, policy] of resourcesOfType(synthesis, stack, "AWS::IAM::Policy")) {
    if (policy.Properties!.Roles.some((r: unknown) => target(synthesis, stack, r)?.logicalId === roleAt.logicalId)) {
      statements.push(...policy.Properties!.PolicyDocument.Statement);
    }
  }
  const actions: Granted = new Map();
  const denied: Granted = new Map();
  for (const statement of statements) {
    expect(["Allow", "Deny"]).toContain(statement.Effect);
    const list = ([] as unknown[]).concat(statement.Resource).map((r) => described(synthesis, stack, r));
    for (const action of ([] as string[]).concat(statement.Action)) add(statement.Effect === "Deny" ? denied : actions, action, list);
  }
  const managed = (role.Properties!.ManagedPolicyArns ?? []).map((arn: unknown) => described(synthesis, stack, arn));
  return { actions, denied, managed };
}

/** What a declaration must refuse outright: a function that texts publishes to phone numbers, never to a topic. */
function expectedDenied(grants: Grants): Granted {
  const map: Granted = new Map();
  if (grants.texts) add(map, "sns:Publish", ["arn:aws:sns:*:*:*"]);
  return map;
}

/** What a declaration must give, in the same words. */
function expected(grants: Grants, invokedAsync = false): Granted {
  const map: Granted = new Map();
  const table = "<AWS::DynamoDB::Table>";
  if (grants.table?.includes("read")) for (const a of tableActions.read) add(map, a, [table, `${table}/index/*`]);
  for (const access of grants.table ?? []) if (access !== "read") for (const a of tableActions[access]) add(map, a, [table]);
  if (grants.uploads?.length) add(map, "s3:PutObject", grants.uploads.map((folder) => `<AWS::S3::Bucket>/${folder}/*`));
  const secrets = secretsOf(grants);
  if (secrets.length) {
    add(map, "ssm:GetParameters", secrets.map((name) => `arn:aws:ssm:us-east-1:123456789012:parameter/sst/regrip/${stage}/Secret/${name}/value`));
  }
  if (grants.texts) add(map, "sns:Publish", ["*"]);
  // From the stage's verified sender only: its address, or its domain when that is what SES verified.
  if (grants.email) add(map, "ses:SendEmail", [productionEmailFrom, productionEmailFrom.split("@")[1]].map((identity) => `arn:aws:ses:us-east-1:123456789012:identity/${identity}`));
  if (grants.passwordSignIn) for (const a of ["cognito-idp:InitiateAuth", "cognito-idp:RespondToAuthChallenge"]) add(map, a, ["<AWS::Cognito::UserPool>"]);
  // Two-step sign-in: the pool read for one user, and that user put in or out of the authenticator group.
  if (grants.authenticator) {
    for (const a of ["cognito-idp:AdminGetUser", "cognito-idp:AdminAddUserToGroup", "cognito-idp:AdminRemoveUserFromGroup"]) add(map, a, ["<AWS::Cognito::UserPool>"]);
  }
  // The nightly user export: the pool read, new exports written under users/ of its bucket, nothing else.
  if (grants.listUsers) for (const a of ["cognito-idp:ListUsers", "cognito-idp:ListGroups", "cognito-idp:ListUsersInGroup"]) add(map, a, ["<AWS::Cognito::UserPool>"]);
  if (grants.userExports) add(map, "s3:PutObject", ["<AWS::S3::Bucket>/users/*"]);
  // Staff accounts: one made and put in its group; a role changed, an account switched off or on and signed out.
  if (grants.inviteStaff) for (const a of ["cognito-idp:AdminCreateUser", "cognito-idp:AdminAddUserToGroup"]) add(map, a, ["<AWS::Cognito::UserPool>"]);
  if (grants.manageStaff) {
    for (const a of ["AdminAddUserToGroup", "AdminRemoveUserFromGroup", "AdminDisableUser", "AdminEnableUser", "AdminUserGlobalSignOut"]) add(map, `cognito-idp:${a}`, ["<AWS::Cognito::UserPool>"]);
  }
  // Invoked asynchronously: CDK lets it hand a failed invocation to its stack's failure queue (stacks/watch.ts).
  if (invokedAsync) for (const a of ["sqs:SendMessage", "sqs:GetQueueAttributes", "sqs:GetQueueUrl"]) add(map, a, ["<AWS::SQS::Queue>"]);
  // Active tracing (production only, infra/functions.ts): CDK lets the function send its traces.
  add(map, "xray:PutTraceSegments", ["*"]);
  add(map, "xray:PutTelemetryRecords", ["*"]);
  return map;
}

const asObject = (map: Granted) => Object.fromEntries([...map].map(([action, set]) => [action, [...set].sort()]).sort());

/** Every function of the app with its declaration: the routes (by their API Gateway route), the webhooks and the job. */
interface DeclaredFunction {
  name: string;
  stack: StackName;
  fn: Resource;
  grants: Grants;
  invokedAsync?: boolean;
}

function declaredFunctions(synthesis: Synthesis): DeclaredFunction[] {
  const found: DeclaredFunction[] = [];
  for (const route of routes) {
    const key = routeKey(route);
    const stack = apiStackOf(route);
    const [, apiRoute] = resourcesOfType(synthesis, stack, "AWS::ApiGatewayV2::Route").find(([, r]) => r.Properties!.RouteKey === key)!;
    const integrationId = apiRoute.Properties!.Target["Fn::Join"][1][1].Ref as string;
    const integration = resource(synthesis, { stack, logicalId: integrationId });
    const fnAt = target(synthesis, stack, integration.Properties!.IntegrationUri)!;
    found.push({ name: key, stack, fn: resource(synthesis, fnAt), grants: route.grants });
  }
  for (const declaration of [...webhooks, ...jobs]) {
    const matches = synthesis.functions.filter((f) => f.handler === declaration.handler);
    expect(matches, declaration.name).toHaveLength(1);
    const at = { stack: matches[0].stack, logicalId: matches[0].logicalId };
    const invokedAsync = "invokedAsync" in declaration && declaration.invokedAsync;
    found.push({ name: declaration.name, stack: at.stack, fn: resource(synthesis, at), grants: declaration.grants, invokedAsync });
  }
  // The deploy's data migrations: the Script's create and update functions, one declaration.
  for (const declaration of maintenanceFunctions) {
    const matches = synthesis.functions.filter((f) => f.handler === declaration.handler);
    expect(matches, declaration.name).toHaveLength(2);
    for (const match of matches) found.push({ name: declaration.name, stack: match.stack, fn: resource(synthesis, match), grants: declaration.grants });
  }
  return found;
}

describe("least privilege", () => {
  it("gives every function exactly the actions and resources its declaration names, and only its own logs beside", () => {
    const functions = declaredFunctions(full);
    expect(functions.length).toBe(routes.length + webhooks.length + jobs.length + 2 * maintenanceFunctions.length);
    for (const { name, stack, fn, grants, invokedAsync } of functions) {
      const { actions, denied, managed } = grantedTo(full, stack, fn);
      expect(asObject(actions), name).toEqual(asObject(expected(grants, invokedAsync)));
      expect(asObject(denied), name).toEqual(asObject(expectedDenied(grants)));
      expect(managed, name).toEqual(["arn:aws:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole"]);
    }
  });

  it("lets a function fetch exactly the secrets it declares, and no GET route write the table", () => {
    for (const { name, stack, fn, grants } of declaredFunctions(full)) {
      const vars = (fn.Properties!.Environment?.Variables ?? {}) as Record<string, unknown>;
      const fetched = Object.keys(vars).filter((v) => v.startsWith("SST_Secret_value_")).map((v) => v.slice("SST_Secret_value_".length));
      expect(fetched.sort(), name).toEqual(secretsOf(grants));
      for (const v of fetched) expect(vars[`SST_Secret_value_${v}`]).toBe("__FETCH_FROM_SSM__");
      expect(vars.SST_SSM_PREFIX, name).toBe(`/sst/regrip/${stage}/`);
      // What \`sst secrets set\` reads to restart the functions that use a secret.
      const logicalId = Object.entries(templateJson(full, stack).Resources).find(([, r]) => r === fn)![0];
      expect([...full.functions.find((f) => f.logicalId === logicalId && f.stack === stack)!.secrets].sort(), name).toEqual(secretsOf(grants));
      // The email sender only to the functions that may send from it.
      expect(vars[env.emailFrom], name).toBe(grants.email ? productionEmailFrom : undefined);
      // The user-exports bucket only to the function that writes the export.
      if (grants.userExports) expect(target(full, stack, vars[env.userExportsBucket])?.logicalId, name).toMatch(/^UserExports/);
      else expect(vars[env.userExportsBucket], name).toBeUndefined();
      // Nothing is bound: SST's binding variables would come with dynamodb:* and s3:*.
      expect(Object.keys(vars).filter((v) => /^SST_(Table|Bucket)_/.test(v)), name).toEqual([]);
    }
    // A GET writes nothing, but for the signed-in user's own item, made on first sign-in (docs/architecture.md), and
    // the public bag status's rate limit item, where each look is counted (packages/core/src/bags/status.ts).
    const writingGets = new Set(["GET /api/auth/user", "GET /api/public/bags/{slug}"]);
    for (const route of routes.filter((r) => r.method === "GET" && !writingGets.has(routeKey(r)))) {
      expect(route.grants.table?.filter((access) => access !== "read") ?? [], routeKey(route)).toEqual([]);
    }
    expect(routes.find((r) => routeKey(r) === "GET /api/public/bags/{slug}")!.grants).toEqual({ table: ["read", "put", "update"] });
    // The public catalogue reads the table and nothing else.
    expect(routes.find((r) => routeKey(r) === "GET /api/services")!.grants).toEqual({ table: ["read"] });
  });

  it("grants no service-wide wildcard to any function's role", () => {
    for (const { name, stack, fn } of declaredFunctions(full)) {
      for (const action of grantedTo(full, stack, fn).actions.keys()) expect(action, name).not.toMatch(/(^\*$|:\*)/);
    }
  });

  it("shares a role between functions only when their declarations are the same", () => {
    const roleOf = new Map<string, string>();
    for (const { name, stack, fn, grants, invokedAsync } of declaredFunctions(full)) {
      const role = `${stack}/${target(full, stack, fn.Properties!.Role)!.logicalId}`;
      const key = JSON.stringify(asObject(expected(grants, invokedAsync)));
      expect(roleOf.get(role) ?? key, `${name} shares ${role}`).toBe(key);
      roleOf.set(role, key);
    }
    console.log(`${roleOf.size} roles for ${declaredFunctions(full).length} functions`);
  });
});

describe("template size", () => {
  it("keeps every template at most 600,000 bytes, with room in each API stack for 40 more routes below 800,000 bytes and 500 resources", () => {
    const sizes = templateSizes(full);
    console.log(`Templates as deploy writes them:\n${describeSizes(sizes)}`);
    for (const name of stackNames) expect(sizes.bytes[name], name).toBeLessThanOrEqual(templateBudget.maxBytes);
    for (const [name, api] of Object.entries(sizes.api)) {
      expect(api.roomForRoutes, name).toBeGreaterThanOrEqual(templateBudget.moreRoutes);
      // A route is about five resources (function, permission, integration, route, and its share of the rest).
      expect(api.resources + 5 * templateBudget.moreRoutes, name).toBeLessThanOrEqual(500);
    }
  });
});

describe("cfn-lint", () => {
  let dir: string;
  afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

  it("finds no error in any template", () => {
    const version = spawnSync("cfn-lint", ["--version"], { encoding: "utf8" });
    if (version.error) {
      throw new Error("cfn-lint is not installed: `pip install cfn-lint` (README, Tests). npm test lints every synthesized template with it.");
    }
    dir = mkdtempSync(join(tmpdir(), "regrip-cfn-lint-"));
    const files = stackNames.map((name) => {
      const file = join(dir, `${stage}-regrip-${name}.json`);
      writeFileSync(file, deployedTemplate(full, name));
      return file;
    });
    const run = spawnSync("cfn-lint", ["--format", "parseable", "--regions", "us-east-1", "--", ...files], { encoding: "utf8" });
    const lines = `${run.stdout}${run.stderr}`.split("\n").filter(Boolean);
    // Exit status bits: 2 errors, 4 warnings, 8 informational. Warnings are printed, errors fail.
    if (lines.length) console.log(`cfn-lint ${version.stdout.trim()}:\n${lines.join("\n")}`);
    expect(lines.filter((line) => /:E\d{4}:/.test(line))).toEqual([]);
    expect(run.status! & 2).toBe(0);
  });
});
