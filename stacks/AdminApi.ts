import { use, type StackContext } from "sst/constructs";
import { Api, stackRoutes, watchRoutes } from "./Api";

/**
 * The admin routes of the HTTP API (stacks/Api.ts makes the API and its authorizer; stacks/StaffApi.ts holds the
 * staff routes): their functions, roles, integrations and routes live in this stack, so no API template nears
 * CloudFormation's limits as the console grows. The API's defaults (every handler's environment, the JWT
 * authorizer) apply here as there.
 */
export function AdminApi({ stack }: StackContext) {
  const { api } = use(Api);
  const own = stackRoutes(stack, "AdminApi");
  api.addRoutes(stack, own.props);
  watchRoutes(api, own.routes, own.roles);
  return {};
}
