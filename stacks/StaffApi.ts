import { use, type StackContext } from "sst/constructs";
import { Api, stackRoutes, watchRoutes } from "./Api";

/**
 * The staff routes of the HTTP API (stacks/Api.ts makes the API and its authorizer; stacks/AdminApi.ts holds the
 * admin routes): their functions, roles, integrations and routes live in this stack, so the Api stack's template
 * keeps room to grow. The API's
 * defaults (every handler's environment, the JWT authorizer) apply here as there.
 */
export function StaffApi({ stack }: StackContext) {
  const { api } = use(Api);
  const own = stackRoutes(stack, "StaffApi");
  api.addRoutes(stack, own.props);
  watchRoutes(api, own.routes, own.roles);
  return {};
}
