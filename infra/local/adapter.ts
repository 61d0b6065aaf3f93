import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { routeKey, routes, type Route } from "../../packages/functions/src/routes";
import type { Reply } from "../../packages/functions/src/http/reply";
import { enforceDeclaredGrants } from "../../packages/core/src/aws/grant-check";
import { repoRoot } from "./settings";

// No IAM on one machine: the handlers' clients refuse what a function's declaration leaves out instead
// (packages/core/src/aws/grants.ts), for `npm start` and every test that calls handlers through here.
enforceDeclaredGrants();

/**
 * The local stand-in for API Gateway: matches a request against the route
 * table, builds the HTTP API (v2) event API Gateway would build, and calls the
 * very handler function Lambda runs.
 */
interface CompiledRoute {
  route: Route;
  pattern: RegExp;
  names: string[];
}

const compiled: CompiledRoute[] = routes.map((route) => {
  const names: string[] = [];
  const source = route.path
    .split("/")
    .map((part) => {
      const param = /^\{(\w+)(\+?)\}$/.exec(part);
      if (!param) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      names.push(param[1]);
      return param[2] ? "(.+)" : "([^/]+)";
    })
    .join("/");
  return { route, pattern: new RegExp(`^${source}$`), names };
});

export interface Match {
  route: Route;
  pathParameters: Record<string, string>;
}

export function matchRoute(method: string, path: string): Match | undefined {
  for (const { route, pattern, names } of compiled) {
    if (route.method !== method) continue;
    const found = pattern.exec(path);
    if (!found) continue;
    return { route, pathParameters: Object.fromEntries(names.map((name, i) => [name, found[i + 1]])) };
  }
  return undefined;
}

export interface IncomingCall {
  method: string;
  /** Path and query string, e.g. `/api/orders?cursor=abc`. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body?: Buffer;
  sourceIp?: string;
}

export function buildEvent(call: IncomingCall, match: Match): APIGatewayProxyEventV2 {
  const url = new URL(call.url, "http://localhost");
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(call.headers)) {
    if (value === undefined) continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(",") : value;
  }
  const query: Record<string, string> = {};
  for (const [key, value] of url.searchParams) query[key] = key in query ? `${query[key]},${value}` : value;
  const cookies = headers.cookie ? headers.cookie.split(/;\s*/).filter(Boolean) : undefined;
  const now = new Date();
  const key = routeKey(match.route);
  const textBody = call.body && call.body.length > 0 ? call.body : undefined;
  const isText = /json|text|x-www-form-urlencoded/.test(headers["content-type"] ?? "json");
  return {
    version: "2.0",
    routeKey: key,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ""),
    cookies,
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(match.pathParameters).length ? match.pathParameters : undefined,
    requestContext: {
      accountId: "local",
      apiId: "local",
      domainName: headers.host ?? "localhost",
      domainPrefix: "localhost",
      http: {
        method: call.method,
        path: url.pathname,
        protocol: "HTTP/1.1",
        sourceIp: call.sourceIp ?? "127.0.0.1",
        userAgent: headers["user-agent"] ?? "",
      },
      requestId: randomUUID(),
      routeKey: key,
      stage: "$default",
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    body: textBody ? (isText ? textBody.toString("utf8") : textBody.toString("base64")) : undefined,
    isBase64Encoded: textBody ? !isText : false,
  };
}

type LambdaHandler = (event: APIGatewayProxyEventV2) => Promise<Reply>;
const loaded = new Map<string, Promise<LambdaHandler>>();

/** `packages/functions/src/api/auth/current-user.handler` → the `handler` export of that file. */
export function loadHandler(handler: string): Promise<LambdaHandler> {
  let found = loaded.get(handler);
  if (!found) {
    const dot = handler.lastIndexOf(".");
    const file = pathToFileURL(join(repoRoot, `${handler.slice(0, dot)}.ts`)).href;
    const name = handler.slice(dot + 1);
    found = import(file).then((module: Record<string, unknown>) => {
      const fn = module[name];
      if (typeof fn !== "function") throw new Error(`${handler}: no exported function ${name}`);
      return fn as LambdaHandler;
    });
    loaded.set(handler, found);
  }
  return found;
}

export interface CallResult {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

/** Runs one call through the route table; undefined when no route matches. */
export async function invoke(call: IncomingCall): Promise<CallResult | undefined> {
  const path = new URL(call.url, "http://localhost").pathname;
  const match = matchRoute(call.method, path);
  if (!match) return undefined;
  const handler = await loadHandler(match.route.handler);
  const reply = await handler(buildEvent(call, match));
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.headers ?? {})) headers[name] = String(value);
  const body = reply.body ?? "";
  return {
    statusCode: reply.statusCode,
    headers,
    body: reply.isBase64Encoded ? Buffer.from(body, "base64").toString("binary") : body,
  };
}
