/**
 * Whether a staff member is switched off, for the handler layer (http/handler.ts): read on every request whose token
 * claims a staff role, so a switched-off person's token, still valid for up to an hour, is refused at once.
 *
 * Its cost: one strongly consistent GetItem of the staff roster (entities/staffRoster.ts, `staff` / `roster`), only
 * its `off` set projected: one read request unit (the item is far below 4 KB for any shop's staff) and a few
 * milliseconds, on staff requests only (a customer's token carries no staff role and reads nothing). Through the plain
 * document client, so no ElectroDB entity is built on the request's path (scripts/lib/first-use.ts stays as it is).
 */
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { dynamoDocumentClient, tableName } from "../db/client";
import { STAFF_ROSTER_KEY } from "../entities/staffRoster";
import { primary } from "../entities/keys";

/** The words a switched-off person's request is refused with (401: their sign-in no longer counts; "Unauthorized" first, so the web app signs them out as for any 401, lib/api.ts). */
export const SWITCHED_OFF = "Unauthorized: this account has been switched off. Ask the shop's admin.";

export async function isSwitchedOff(userId: string): Promise<boolean> {
  const found = await dynamoDocumentClient().send(
    new GetCommand({
      TableName: tableName(),
      Key: { [primary.pk]: STAFF_ROSTER_KEY.pk, [primary.sk]: STAFF_ROSTER_KEY.sk },
      ConsistentRead: true,
      ProjectionExpression: "#off",
      ExpressionAttributeNames: { "#off": "off" },
    }),
  );
  const off: unknown = found.Item?.off;
  return off instanceof Set ? off.has(userId) : Array.isArray(off) && off.includes(userId);
}
