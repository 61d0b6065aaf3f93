import { Api as HttpApi, use, type StackContext } from "sst/constructs";
import { routeKey, routes } from "../packages/functions/src/routes";
import { Auth } from "./Auth";
import { FunctionRoles } from "./grants";
import { handlerDefaults } from "./handlers";
import { deploySettings } from "./settings";
import { Storage } from "./Storage";

export function Api({ app, stack }: StackContext) {
  const storage = use(Storage);
  const { cognito, issuer } = use(Auth);
  const settings = deploySettings(app);
  const roles = new FunctionRoles(stack, { ...storage, cognito });

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
    routes: Object.fromEntries(
      routes.map((route) => [
        routeKey(route),
        {
          // What the route declares, and nothing else (stacks/grants.ts).
          function: { handler: route.handler, ...roles.props(route.grants) },
          ...(route.access === "public" ? { authorizer: "none" as const } : {}),
        },
      ]),
    ),
  });

  for (const route of routes) roles.noteSecrets(api.getFunction(routeKey(route))!, route.grants);

  stack.addOutputs({ ApiUrl: api.url });

  return { api };
}
