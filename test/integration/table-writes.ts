/**
 * Every item a table's writes changed, read from its DynamoDB stream rather
 * than by scanning the table whole before and after.
 *
 * The table's stream (NEW_AND_OLD_IMAGES) holds one record per item a write
 * changed, added or removed, with the item before and after; a write that
 * changes nothing writes no record (DynamoDB's rule, and DynamoDB Local's),
 * just as a comparison of two whole-table scans sees nothing for it. So
 * `drain()` answers, per item touched since the last drain, the item as it
 * was before the first of those writes and as it is after the last: exactly
 * what comparing a scan before with a scan after would find, at the cost of
 * reading the new records alone. DynamoDB Local writes a record in the same
 * call as the item, so a drained write is never late (the hostile test's
 * self-test holds the reader to a scan).
 *
 * The Streams API is spoken here as JSON over HTTP (DynamoDB Local serves it
 * on its one port), so no client package is needed for it.
 */
import { DescribeTableCommand, UpdateTableCommand, type AttributeValue } from "@aws-sdk/client-dynamodb";
import { Agent, request } from "node:http";
import { dynamoClient, dynamoEndpoint, localAwsEnv } from "../../infra/local/dynamo";

type Item = Record<string, AttributeValue>;

interface StreamRecord {
  eventName: "INSERT" | "MODIFY" | "REMOVE";
  dynamodb: { Keys: Item; OldImage?: Item; NewImage?: Item; SequenceNumber: string };
}

/** One item touched: as canonical JSON before the first write and after the last; undefined where it did not exist. */
export interface ItemChange {
  before?: string;
  after?: string;
}

/** Changes by item, keyed `<pk>|<sk>`. */
export type TableChanges = Map<string, ItemChange>;

/** JSON with every object's keys sorted, at every depth. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "undefined";
}

class TrimmedError extends Error {}

export const itemKey = (item: Item): string => `${item.pk?.S}|${item.sk?.S}`;

export interface TableWrites {
  /** The changes since the last drain (or since `watchTable`), by item. */
  drain(): Promise<TableChanges>;
  /** Closes the reader's connection. */
  close(): void;
}

/**
 * Turns on the table's stream (unless on) and answers a reader positioned at
 * its end: the first drain sees writes made after this call. (No other
 * process may write to the table meanwhile: a write is whichever request of
 * the caller's made it.)
 */
export async function watchTable(port: number, tableName: string): Promise<TableWrites> {
  const client = dynamoClient(port);
  let streamArn: string;
  try {
    let table = (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table;
    if (!table?.StreamSpecification?.StreamEnabled) {
      table = (
        await client.send(
          new UpdateTableCommand({ TableName: tableName, StreamSpecification: { StreamEnabled: true, StreamViewType: "NEW_AND_OLD_IMAGES" } }),
        )
      ).TableDescription;
    }
    if (table?.StreamSpecification?.StreamViewType !== "NEW_AND_OLD_IMAGES" || !table.LatestStreamArn) {
      throw new Error(`${tableName}: no NEW_AND_OLD_IMAGES stream (${JSON.stringify(table?.StreamSpecification)})`);
    }
    streamArn = table.LatestStreamArn;
  } finally {
    client.destroy();
  }

  const endpoint = new URL(dynamoEndpoint(port));
  // One kept-alive connection: a drain is a call or two, thousands of times in a file.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const streams = <T>(operation: string, body: unknown): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const payload = JSON.stringify(body);
      const sent = request(
        {
          host: endpoint.hostname,
          port: endpoint.port,
          method: "POST",
          path: "/",
          agent,
          headers: {
            "content-type": "application/x-amz-json-1.0",
            "content-length": Buffer.byteLength(payload),
            "x-amz-target": `DynamoDBStreams_20120810.${operation}`,
            // DynamoDB Local checks no signature, but wants one there.
            authorization: `AWS4-HMAC-SHA256 Credential=${localAwsEnv.AWS_ACCESS_KEY_ID}/20200101/${localAwsEnv.AWS_REGION}/dynamodb/aws4_request, SignedHeaders=host, Signature=0`,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("error", reject);
          response.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            if (response.statusCode === 400 && text.includes("TrimmedDataAccessException")) reject(new TrimmedError(text));
            else if (response.statusCode !== 200) reject(new Error(`DynamoDB Streams ${operation}: ${response.statusCode} ${text.slice(0, 500)}`));
            else resolve(JSON.parse(text) as T);
          });
        },
      );
      sent.setTimeout(10_000, () => sent.destroy(new Error(`DynamoDB Streams ${operation}: no answer in 10 s`)));
      sent.on("error", reject);
      sent.end(payload);
    });

  /** Each shard's next iterator (null once a closed shard is read to its end) and the last record read from it. */
  const shards = new Map<string, { iterator: string | null; last?: bigint }>();
  const fromStart = async (shardId: string) =>
    (await streams<{ ShardIterator: string }>("GetShardIterator", { StreamArn: streamArn, ShardId: shardId, ShardIteratorType: "TRIM_HORIZON" })).ShardIterator;
  /** Shards not known yet, each read from its start. */
  const findShards = async () => {
    let start: string | undefined;
    do {
      const { StreamDescription } = await streams<{ StreamDescription: { Shards: { ShardId: string }[]; LastEvaluatedShardId?: string } }>(
        "DescribeStream",
        { StreamArn: streamArn, ...(start ? { ExclusiveStartShardId: start } : {}) },
      );
      for (const { ShardId } of StreamDescription.Shards) if (!shards.has(ShardId)) shards.set(ShardId, { iterator: await fromStart(ShardId) });
      start = StreamDescription.LastEvaluatedShardId;
    } while (start);
  };
  let successorDue = false;
  /** Every record not read yet, oldest first. */
  const read = async (): Promise<StreamRecord[]> => {
    const records: StreamRecord[] = [];
    // Each shard read to its end (a page with no records). A shard that closes (no next iterator) has a successor
    // that DescribeStream names: looked for until found, in this read and the next ones.
    for (;;) {
      for (const [shardId, shard] of shards) {
        let restarted = false;
        while (shard.iterator) {
          let page: { Records?: StreamRecord[]; NextShardIterator?: string };
          try {
            page = await streams("GetRecords", { ShardIterator: shard.iterator });
          } catch (error) {
            // DynamoDB Local refuses an iterator taken while its shard had no record yet once the shard's first record
            // has a later sequence number than the shard's start (other tables' writes take numbers from the same
            // count): read the shard again from its start, past the records read already.
            if (!(error instanceof TrimmedError) || restarted) throw error;
            restarted = true;
            shard.iterator = await fromStart(shardId);
            continue;
          }
          for (const record of page.Records ?? []) {
            const sequence = BigInt(record.dynamodb.SequenceNumber);
            if (shard.last !== undefined && sequence <= shard.last) continue;
            records.push(record);
            shard.last = sequence;
          }
          shard.iterator = page.NextShardIterator ?? null;
          if (!shard.iterator) successorDue = true;
          if (!page.Records?.length) break;
        }
      }
      if (!successorDue) break;
      const known = shards.size;
      await findShards();
      if (shards.size === known) break;
      successorDue = false;
    }
    return records.sort((a, b) => {
      const [x, y] = [BigInt(a.dynamodb.SequenceNumber), BigInt(b.dynamodb.SequenceNumber)];
      return x < y ? -1 : x > y ? 1 : 0;
    });
  };
  // Positioned at the end: what the stream holds now is read once and left out.
  await findShards();
  await read();

  return {
    async drain() {
      const records = await read();
      const changes: TableChanges = new Map();
      for (const { dynamodb } of records) {
        const key = itemKey(dynamodb.Keys);
        const change = changes.get(key) ?? { before: dynamodb.OldImage && canonical(dynamodb.OldImage) };
        change.after = dynamodb.NewImage && canonical(dynamodb.NewImage);
        changes.set(key, change);
      }
      return changes;
    },
    close() {
      agent.destroy();
    },
  };
}

/** Adds the changes of `later` (drained after those in `into`) to `into`, by item. */
export function addChanges(into: TableChanges, later: TableChanges): void {
  for (const [key, change] of later) {
    const first = into.get(key);
    into.set(key, { before: first ? first.before : change.before, after: change.after });
  }
}

/** Only the items whose first and last images differ (a write undone later in the same span is no change). */
export function netChanges(changes: TableChanges): TableChanges {
  return new Map([...changes].filter(([, { before, after }]) => before !== after));
}

/** What changed, as "added|changed|removed <pk>|<sk>": items whose first and last images differ. */
export function describeChanges(changes: TableChanges): string[] {
  const found: string[] = [];
  for (const [key, { before, after }] of changes) {
    if (before === after) continue;
    found.push(`${before === undefined ? "added" : after === undefined ? "removed" : "changed"} ${key}`);
  }
  return found;
}
