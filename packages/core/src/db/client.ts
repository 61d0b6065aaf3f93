import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { env } from "../../../../infra/env";
import { sdkClientConfig } from "../aws";
import { tableGuard } from "../aws/grants";

/**
 * The DynamoDB clients, created on first use so importing this module costs
 * nothing and reads no environment. No endpoint is set here: on one machine
 * the SDK itself reads AWS_ENDPOINT_URL_DYNAMODB and talks to DynamoDB Local.
 * Every call is bounded in time and retries (packages/core/src/aws): a
 * DynamoDB that does not answer is a 503, never a request that hangs.
 */
let client: DynamoDBClient | undefined;
let documentClient: DynamoDBDocumentClient | undefined;

export function dynamoClient(): DynamoDBClient {
  if (!client) {
    client = new DynamoDBClient({ region: process.env.AWS_REGION || "us-east-1", ...sdkClientConfig() });
    // Each call is checked against the running function's declared table grants (aws/grants.ts).
    client.middlewareStack.add(tableGuard() as never, { step: "build", name: "regripTableGrants" });
  }
  return client;
}

export function dynamoDocumentClient(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(dynamoClient(), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return documentClient;
}

/** The table's name, from TABLE_NAME (set by the Api stack, or by `npm start` on one machine). */
export function tableName(): string {
  const name = process.env[env.tableName];
  if (!name) {
    throw new Error(
      `${env.tableName} is not set: the DynamoDB table name must be in the environment (the Api stack sets it; locally, npm start does).`,
    );
  }
  return name;
}
