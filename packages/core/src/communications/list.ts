/**
 * GET /api/admin/communications?channel=&type=&status=&limit=&cursor=: the communications log newest first
 * (data-model A-comms-1). Entries live in one partition per month (`comms#<yyyy-mm>`, sorted by
 * `<sentAt>#<id>`), read with the month walk of db/months.ts that the audit list uses.
 *
 * The filters are applied to the entries read: no index per filter value (three filters, their combinations,
 * and a status that changes with each delivery report would each need one). So a page reads at most
 * COMMUNICATIONS_READ_BUDGET entries whatever the filters and the size of the log: a filter that matches little
 * answers a short page (even an empty one) with a cursor where the reading stopped, and the next page goes on
 * from there. Without a filter a page reads `limit + 1` entries.
 */
import { fn } from "../actor/fn";
import { db } from "../db";
import { decodePosition, encodePosition, walkMonths } from "../db/months";
import { monthOf } from "../entities";
import { createConversions } from "../entities/electrodb";
import type { EntityItem } from "electrodb";
import type { Communication } from "../entities";
import {
  COMMUNICATIONS_READ_BUDGET,
  CommunicationsQuery,
  type CommunicationsPage,
  type CommunicationView,
} from "../shared/communications";

/** The month of the oldest entry the log can hold (the shop's software began keeping it in 2026). */
const COMMUNICATIONS_FIRST_MONTH = "2025-01";

type CommunicationItem = EntityItem<Communication>;

/**
 * A one-time verification code is for the person verifying, not for whoever reads the log: its digits (a run of 4
 * to 8) read as dots. The text itself carried the code; the stored entry keeps it for the provider's records.
 */
const readable = (item: CommunicationItem) => (item.messageType === "verification" ? item.message.replace(/\b\d{4,8}\b/g, "••••••") : item.message);

function communicationView(item: CommunicationItem): CommunicationView {
  return {
    id: item.id,
    channel: item.channel,
    messageType: item.messageType,
    status: item.status,
    recipient: item.recipient,
    sentAt: item.sentAt,
    orderId: item.orderId ?? null,
    userId: item.userId ?? null,
    subject: item.subject ?? null,
    message: readable(item),
    errorMessage: item.errorMessage ?? null,
    externalId: item.externalId ?? null,
    template: item.template ?? null,
  };
}

/** The log's page the query asks for. Admin. */
export const list = /* @__PURE__ */ fn({ role: "admin", input: CommunicationsQuery }, async (_actor, query): Promise<CommunicationsPage> => {
  const after = decodePosition(query.cursor, COMMUNICATIONS_FIRST_MONTH);
  const conversions = createConversions(db().entities.communication).byAccessPattern.byMonth;
  const month = after ? monthOf(after[0]) : monthOf(new Date().toISOString());
  const filtered = query.channel !== undefined || query.type !== undefined || query.status !== undefined;
  const keep = filtered
    ? (item: CommunicationItem) =>
        (query.channel === undefined || item.channel === query.channel) &&
        (query.type === undefined || item.messageType === query.type) &&
        (query.status === undefined || item.status === query.status)
    : undefined;
  const { kept, lastRead, exhausted } = await walkMonths<CommunicationItem>({
    month,
    firstMonth: COMMUNICATIONS_FIRST_MONTH,
    start: after ? (conversions.fromComposite.toCursor as (keys: object) => string)({ month, sentAt: after[0], id: after[1] }) : undefined,
    // One more than the page, to know whether another page follows.
    want: query.limit + 1,
    budget: filtered ? Math.max(COMMUNICATIONS_READ_BUDGET, query.limit + 1) : query.limit + 1,
    keep,
    chunk: 50,
    query: async (m, limit, cursor) => {
      const page = await db().entities.communication.query.byMonth({ month: m }).go({ order: "desc", limit, cursor, pages: 1 });
      return { data: page.data as CommunicationItem[], cursor: page.cursor };
    },
  });
  const items = kept.slice(0, query.limit);
  let next: CommunicationItem | undefined;
  if (kept.length > query.limit) next = items[items.length - 1];
  else if (!exhausted) next = lastRead;
  return { items: items.map(communicationView), cursor: next ? encodePosition([next.sentAt, next.id]) : null };
});
