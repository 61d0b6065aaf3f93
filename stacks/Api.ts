import { Api as HttpApi, use, type ApiRouteProps, type StackContext } from "sst/constructs";
import type { App, Stack } from "sst/constructs";
import { env } from "../infra/env";
import { ownRouteVariable } from "../packages/functions/src/http/own-route";
import { routeKey, routes, type Route } from "../packages/functions/src/routes";
import { Auth } from "./Auth";
import { FunctionRoles } from "./grants";
import { handlerDefaults } from "./handlers";
import { deploySettings } from "./settings";
import { Storage } from "./Storage";
import { watchPayments } from "./watch";

/**
 * The HTTP API is one API Gateway API whose routes live in two stacks, so neither template nears
 * CloudFormation's limits (stacks/template-size.ts): the Api stack makes the API, its JWT authorizer and the
 * public, customer and owner-or-staff routes; the StaffApi stack (stacks/StaffApi.ts) adds the staff and admin
 * routes to it. Each route's function, role, integration and permission live in its route's stack.
 */
export type ApiStackName = "Api" | "StaffApi";

/** Which stack a route lives in: staff and admin routes in StaffApi, every other in Api. */
export function apiStackOf(route: Pick<Route, "access">): ApiStackName {
  return route.access === "staff" || route.access === "admin" ? "StaffApi" : "Api";
}

/** A route's function: its handler, its role and secrets, and its own route in `REGRIP_ROUTE`. */
function functionOf(route: Route, granted: ReturnType<FunctionRoles["props"]>) {
  return { handler: route.handler, ...granted, environment: { ...granted.environment, [env.route]: ownRouteVariable(route) } };
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

  stack.addOutputs({ ApiUrl: api.url });

  return { api };
}
