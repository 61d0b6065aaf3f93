/**
 * Whether a staff member is switched off or was demoted, for the handler layer (http/handler.ts): read on every request
 * whose token claims a staff role, so a switched-off person's token, still valid for up to an hour, is refused at once,
 * and an admin made an employee is an employee at once, whatever the groups their token still claims.
 *
 * Its cost: one strongly consistent GetItem of the staff roster (entities/staffRoster.ts, `staff` / `roster`), only
 * its `off` and `demoted` sets projected: one read request unit (the item is far below 4 KB for any shop's staff) and a few
 * milliseconds, on staff requests only (a customer's token carries no staff role and reads nothing). Through the plain
 * document client, so no ElectroDB entity is built on the request's path (scripts/lib/first-use.ts stays as it is).
 */
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { dynamoDocumentClient, tableName } from "../db/client";
import { STAFF_ROSTER_KEY } from "../entities/staffRoster";
import { primary } from "../entities/keys";

/** The words a switched-off person's request is refused with (401: their sign-in no longer counts; "Unauthorized" first, so the web app signs them out as for any 401, lib/api.ts). */
export const SWITCHED_OFF = "Unauthorized: this account has been switched off. Ask the shop's admin.";

/** A staff member's standing as the roster holds it: switched off, or an admin made an employee since their token was issued. */
export interface StaffStanding {
  off: boolean;
  demoted: boolean;
}

const has = (value: unknown, userId: string): boolean => (value instanceof Set ? value.has(userId) : Array.isArray(value) && value.includes(userId));

export async function staffStanding(userId: string): Promise<StaffStanding> {
  const found = await dynamoDocumentClient().send(
    new GetCommand({
      TableName: tableName(),
      Key: { [primary.pk]: STAFF_ROSTER_KEY.pk, [primary.sk]: STAFF_ROSTER_KEY.sk },
      ConsistentRead: true,
      ProjectionExpression: "#off, #demoted",
      ExpressionAttributeNames: { "#off": "off", "#demoted": "demoted" },
    }),
  );
  return { off: has(found.Item?.off, userId), demoted: has(found.Item?.demoted, userId) };
}
