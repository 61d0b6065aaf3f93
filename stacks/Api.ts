import { Api as HttpApi, use, type ApiRouteProps, type StackContext } from "sst/constructs";
import { CfnRoute, CfnStage } from "aws-cdk-lib/aws-apigatewayv2";
import type { App, Stack } from "sst/constructs";
import { env } from "../infra/env";
import { kindOfRoute, memorySizeOf } from "../infra/functions";
import { ownRouteVariable } from "../packages/functions/src/http/own-route";
import { routeKey, routes, type Route } from "../packages/functions/src/routes";
import { Auth } from "./Auth";
import { FunctionRoles } from "./grants";
import { handlerDefaults } from "./handlers";
import { deploySettings } from "./settings";
import { Storage } from "./Storage";
import { watchPayments } from "./watch";

/**
 * The HTTP API is one API Gateway API whose routes live in three stacks, so no template nears CloudFormation's
 * limits (stacks/template-size.ts): the Api stack makes the API, its JWT authorizer and the public, customer and
 * owner-or-staff routes; the StaffApi stack (stacks/StaffApi.ts) adds the staff routes to it and the AdminApi stack
 * (stacks/AdminApi.ts) the admin routes. Each route's function, role, integration and permission live in its
 * route's stack.
 */
export type ApiStackName = "Api" | "StaffApi" | "AdminApi";
export const API_STACKS: readonly ApiStackName[] = ["Api", "StaffApi", "AdminApi"];

/** Which stack a route lives in: staff routes in StaffApi, admin routes in AdminApi, every other in Api. */
export function apiStackOf(route: Pick<Route, "access">): ApiStackName {
  return route.access === "admin" ? "AdminApi" : route.access === "staff" ? "StaffApi" : "Api";
}

/** A route's function: its handler, its kind's memory (infra/functions.ts), its role and secrets, and its own route in `REGRIP_ROUTE`. */
function functionOf(route: Route, granted: ReturnType<FunctionRoles["props"]>) {
  return {
    handler: route.handler,
    memorySize: memorySizeOf(kindOfRoute(route)),
    ...granted,
    environment: { ...granted.environment, [env.route]: ownRouteVariable(route) },
  };
}

/** The routes of one API stack, as SST's Api takes them: each function with exactly what its route declares. */
export function stackRoutes(stack: Stack, name: ApiStackName): { roles: FunctionRoles; routes: Route[]; props: Record<string, ApiRouteProps<"jwt">> } {
  const storage = use(Storage);
  const { cognito } = use(Auth);
  const roles = new FunctionRoles(stack, { ...storage, cognito, emailFrom: deploySettings(stack.node.root as App).emailFrom });
  const own = routes.filter((route) => apiStackOf(route) === name);
  const props = Object.fromEntries(
    own.map((route) => [
      routeKey(route),
      {
        // What the route declares, and nothing else (stacks/grants.ts); and the route itself, so the function
        // finds its access without the whole route table (packages/functions/src/http/own-route.ts).
        function: functionOf(route, roles.props(route.grants)),
        ...(route.access === "public" ? { authorizer: "none" as const } : {}),
      },
    ]),
  );
  return { roles, routes: own, props };
}

/** Each route's function: its secrets noted for `sst secrets set`, and a payment route's logs watched (stacks/watch.ts). */
export function watchRoutes(api: HttpApi, own: Route[], roles: FunctionRoles): void {
  for (const route of own) {
    const fn = api.getFunction(routeKey(route))!;
    roles.noteSecrets(fn, route.grants);
    if (route.payments) watchPayments(fn);
  }
}

/** The password sign-in, throttled far below the rest: a guesser gets 429s from API Gateway, not tries. */
export const signInRouteKey = "POST /api/auth/local";

/**
 * The stage's throttles (stacks/settings.ts): every route at `apiThrottle`, the password sign-in at `signInThrottle`.
 * API Gateway answers 429 past them before any function runs. A route's own setting names a route of this stack, so
 * the stage waits for it.
 */
function throttle(api: HttpApi, settings: ReturnType<typeof deploySettings>): void {
  const stage = api.cdk.httpApi.defaultStage?.node.defaultChild;
  if (!(stage instanceof CfnStage)) throw new Error("The HTTP API has no default stage to throttle: revisit stacks/Api.ts");
  stage.defaultRouteSettings = { throttlingRateLimit: settings.apiThrottle.rate, throttlingBurstLimit: settings.apiThrottle.burst };
  // A JSON map CDK passes as written: CloudFormation's own property names.
  stage.routeSettings = { [signInRouteKey]: { ThrottlingRateLimit: settings.signInThrottle.rate, ThrottlingBurstLimit: settings.signInThrottle.burst } };
  const signIn = api.node.findAll().find((child): child is CfnRoute => child instanceof CfnRoute && child.routeKey === signInRouteKey);
  if (!signIn) throw new Error(`${signInRouteKey} is not a route of the Api stack: revisit stacks/Api.ts`);
  stage.addDependency(signIn);
}

export function Api({ app, stack }: StackContext) {
  const storage = use(Storage);
  const { cognito, issuer } = use(Auth);
  const settings = deploySettings(app);
  const own = stackRoutes(stack, "Api");

  const api = new HttpApi(stack, "Api", {
    // The site and the API share CloudFront's origin: no browser calls the API cross-origin.
    cors: false,
    authorizers: {
      jwt: {
        type: "user_pool",
        userPool: { id: cognito.userPoolId, clientIds: [cognito.userPoolClientId] },
      },
    },
    defaults: {
      authorizer: "jwt",
      function: handlerDefaults({
        ...storage,
        cognito,
        issuer,
        // The Web stack comes after this one, so a relative URL on the shared
        // origin stands in until the stage's site URL is configured.
        loginUrl: settings.siteUrl ? `${settings.siteUrl}/login` : "/login",
        siteUrl: settings.siteUrl ?? "",
        originSecretValue: storage.originSecret.secretValue.unsafeUnwrap(),
      }),
    },
    routes: own.props,
  });

  watchRoutes(api, own.routes, own.roles);
  throttle(api, settings);

  stack.addOutputs({ ApiUrl: api.url });

  return { api };
}
