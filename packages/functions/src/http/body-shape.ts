import type { APIGatewayProxyEventV2 } from "aws-lambda";

/**
 * The request's JSON body as sent, before any schema (undefined when it is not
 * JSON): for a route whose body comes in two forms told apart by their shape.
 * The handler still parses with its declared schema.
 */
export function sentJson(event: Pick<APIGatewayProxyEventV2, "body" | "isBase64Encoded">): unknown {
  if (!event.body) return undefined;
  const text = event.isBase64Encoded ? Buffer.from(event.body, "base64").toString("utf8") : event.body;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
