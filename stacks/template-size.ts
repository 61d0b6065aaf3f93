/**
 * How big the templates are, as CDK writes them for deploy, and what one more route costs: read by the infra
 * test (test/infra/grants.test.ts, which holds them to their budgets) and printed by `npm run synth`.
 *
 * CloudFormation refuses a template over 1,000,000 bytes and CDK warns from 800,000. The budget: every
 * template at most 600,000 bytes, and room below 800,000 in each of the two API stacks (stacks/Api.ts) for at
 * least 40 more routes, each counted as the largest route of that stack today plus a role of its own (as if it
 * declared grants no other route does).
 */
import type { Synthesis, StackName } from "./synth";
import { stackNames } from "./synth";
import { routeKey, routes } from "../packages/functions/src/routes";
import { API_STACKS, apiStackOf, type ApiStackName } from "./Api";

export const templateBudget = { maxBytes: 600_000, warnBytes: 800_000, moreRoutes: 40 } as const;

interface Resource {
  Type: string;
  Properties?: Record<string, any>;
}

/**
 * A template as CDK writes it for deploy: JSON with an indent of 1. The offline synthesis leaves each function's
 * code a placeholder (stacks/synth.ts); deploy writes an asset reference there instead, so the placeholder is
 * replaced with one of the real length before counting.
 */
export function deployedTemplate(synthesis: Synthesis, stack: StackName): string {
  const template = structuredClone(synthesis.templates[stack].toJSON()) as { Resources: Record<string, Resource> };
  for (const r of Object.values(template.Resources)) {
    if (r.Type === "AWS::Lambda::Function" && r.Properties?.Code?.ZipFile) {
      r.Properties.Code = { S3Bucket: `cdk-hnb659fds-assets-${"0".repeat(12)}-us-east-1`, S3Key: `${"0".repeat(64)}.zip` };
      r.Properties.Handler = "index.handler";
    }
  }
  return JSON.stringify(template, null, 1);
}

export interface ApiStackSizes {
  routes: number;
  /** What a route adds to the stack today, on average. */
  averageRouteBytes: number;
  /** What one more route is counted as: the largest route today with a role of its own. */
  newRouteBytes: number;
  /** How many such routes fit before the stack reaches CDK's 800,000-byte warning. */
  roomForRoutes: number;
  /** Its resources, of CloudFormation's 500 a stack. */
  resources: number;
}

export interface TemplateSizes {
  bytes: Record<StackName, number>;
  /** The three stacks of the HTTP API's routes (stacks/Api.ts). */
  api: Record<ApiStackName, ApiStackSizes>;
}

const bytesOf = (id: string, r: unknown) => JSON.stringify({ [id]: r }, null, 1).length;

/**
 * What each route of an API stack costs: its function, its permission, its route and integration, its share of
 * anything that names several routes' functions (an errors alarm over ten of them) and of SST's metadata output.
 */
function apiStackSizes(synthesis: Synthesis, name: ApiStackName, bytes: number): ApiStackSizes {
  const own = routes.filter((route) => apiStackOf(route) === name);
  const template = synthesis.templates[name].toJSON() as { Resources: Record<string, Resource>; Outputs?: Record<string, unknown> };
  const resources = Object.entries(template.Resources);
  const functionOfRoute = new Map<string, string>();
  for (const [, r] of resources) {
    if (r.Type !== "AWS::ApiGatewayV2::Route") continue;
    const integrationId = r.Properties!.Target["Fn::Join"][1][1].Ref as string;
    functionOfRoute.set(r.Properties!.RouteKey, template.Resources[integrationId].Properties!.IntegrationUri["Fn::GetAtt"][0]);
  }
  const functionIds = new Set(own.map((route) => functionOfRoute.get(routeKey(route))!));
  const share = new Map<string, number>();
  for (const [id, r] of resources) {
    if (r.Type === "AWS::IAM::Role") continue;
    const text = JSON.stringify(r);
    const owners = new Set([...functionIds].filter((fnId) => id === fnId || text.includes(`"${fnId}"`)));
    // A route names its integration, not its function.
    if (r.Type === "AWS::ApiGatewayV2::Route") owners.add(functionOfRoute.get(r.Properties!.RouteKey)!);
    for (const owner of owners) share.set(owner, (share.get(owner) ?? 0) + bytesOf(id, r) / owners.size);
  }
  const routeBytes = [...functionIds].map((fnId) => share.get(fnId) ?? 0);
  const metadata = JSON.stringify(template.Outputs?.SSTMetadata ?? "", null, 1).length / own.length;
  const roles = resources.filter(([, r]) => r.Type === "AWS::IAM::Role").map(([id, r]) => bytesOf(id, r));
  const newRouteBytes = Math.ceil(Math.max(...routeBytes) + metadata + Math.max(...roles));
  return {
    routes: own.length,
    averageRouteBytes: Math.round(routeBytes.reduce((a, b) => a + b, 0) / routeBytes.length + metadata),
    newRouteBytes,
    roomForRoutes: Math.floor((templateBudget.warnBytes - bytes) / newRouteBytes),
    resources: resources.length,
  };
}

export function templateSizes(synthesis: Synthesis): TemplateSizes {
  const bytes = Object.fromEntries(stackNames.map((name) => [name, Buffer.byteLength(deployedTemplate(synthesis, name))])) as Record<StackName, number>;
  return {
    bytes,
    api: Object.fromEntries(API_STACKS.map((name) => [name, apiStackSizes(synthesis, name, bytes[name])])) as Record<ApiStackName, ApiStackSizes>,
  };
}

/** The sizes in words, one line a stack and one for each API stack's routes. */
export function describeSizes(sizes: TemplateSizes): string {
  return [
    ...stackNames.map((name) => `  ${name.padEnd(9)} ${sizes.bytes[name].toLocaleString("en-US").padStart(9)} bytes`),
    ...(Object.entries(sizes.api) as [ApiStackName, ApiStackSizes][]).map(
      ([name, api]) =>
        `  ${name}: ${api.routes} routes, ${api.resources} of 500 resources, ${api.averageRouteBytes.toLocaleString("en-US")} bytes a route on average; one more counted as ` +
        `${api.newRouteBytes.toLocaleString("en-US")} (the largest, with a role of its own): room for ${api.roomForRoutes} more below ` +
        `${templateBudget.warnBytes.toLocaleString("en-US")} (budget: ${templateBudget.moreRoutes}; every template at most ${templateBudget.maxBytes.toLocaleString("en-US")})`,
    ),
  ].join("\n");
}
