import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import { generatedId, nowIso, timestamps } from "./attributes";
import { monthOf } from "./auditLog";
import { COMMUNICATION_CHANNELS, COMMUNICATION_MESSAGE_TYPES, COMMUNICATION_STATUSES } from "./enums";
import { gsi1, gsi2, gsi3, keyed, primary, SERVICE } from "./keys";

/**
 * Sort-key attribute of a sparse index: it exists only when `owner` does.
 *
 * ElectroDB writes an index only when its `condition` holds, but insists that
 * every composite of a conditional index is present or absent together; a
 * plain `sentAt` sort key would make every message without an order fail.
 * So the by-order and by-user sort keys are copies of `sentAt` taken only
 * when the message has an order (a user). Hidden: they are key material,
 * not data.
 */
function sentAtWhen(owner: "orderId" | "userId") {
  return {
    type: "string",
    hidden: true,
    readOnly: true,
    watch: [owner, "sentAt"],
    set: (_: string | undefined, item: { orderId?: string; userId?: string; sentAt?: string }) =>
      item[owner] !== undefined ? item.sentAt : undefined,
  } as const;
}

/**
 * The communications log: every SMS or email the shop sends, with its
 * delivery status. Partitioned by month of sending (admin log, newest first);
 * sparse indexes by order, by user and by the provider's message id (delivery
 * callbacks). A message's order and user are fixed when it is logged.
 */
export const communication = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { service: SERVICE, entity: "communication", version: "1" },
      attributes: {
        id: generatedId(),
        userId: { type: "string", readOnly: true },
        orderId: { type: "string", readOnly: true },
        channel: { type: COMMUNICATION_CHANNELS, required: true },
        /** Phone (E.164) or email address. */
        recipient: { type: "string", required: true },
        messageType: { type: COMMUNICATION_MESSAGE_TYPES, required: true },
        /**
         * The template the text was made from (packages/core/src/texts/templates.ts: `orderReady`, `paymentLink`...).
         * Optional: entries logged before templates were named have none, and read as they were.
         */
        template: { type: "string", readOnly: true },
        subject: { type: "string" },
        message: { type: "string", required: true },
        status: { type: COMMUNICATION_STATUSES, required: true, default: "sent" },
        /** The provider's message id (Twilio SID, SNS MessageId, outbox id). */
        externalId: { type: "string" },
        errorMessage: { type: "string" },
        sentAt: { type: "string", required: true, readOnly: true, default: nowIso },
        ...timestamps(),
        /**
         * The month bucket, derived from sentAt; callers never set it. ElectroDB
         * checks that key composites are present before watchers run, so the
         * default satisfies that check and the watcher then replaces it with the
         * month of the stored sentAt (the two cannot straddle a month boundary).
         */
        month: {
          type: "string",
          readOnly: true,
          default: () => monthOf(nowIso()),
          watch: ["sentAt"],
          set: (_: string | undefined, item: { sentAt?: string }) => (item.sentAt ? monthOf(item.sentAt) : undefined),
        },
        orderSentAt: sentAtWhen("orderId"),
        userSentAt: sentAtWhen("userId"),
      },
      indexes: {
        byMonth: keyed(primary, ["month"], "comms#${month}", ["sentAt", "id"], "${sentAt}#${id}"),
        byOrder: {
          ...keyed(gsi1, ["orderId"], "order#${orderId}", ["orderSentAt"], "comm#${orderSentAt}"),
          condition: (attr) => attr.orderId !== undefined,
        },
        byUser: {
          ...keyed(gsi2, ["userId"], "user#${userId}", ["userSentAt"], "comm#${userSentAt}"),
          condition: (attr) => attr.userId !== undefined,
        },
        /**
         * Delivery callbacks carry only the provider's id. The sort key repeats
         * it because ElectroDB renders a constant sort key on a conditional index
         * as "undefined" when the index is first written by an update.
         */
        byExternalId: {
          ...keyed(gsi3, ["externalId"], "commsext#${externalId}", ["externalId"], "${externalId}"),
          condition: (attr) => attr.externalId !== undefined,
        },
      },
    },
    config,
  );
export type Communication = ReturnType<typeof communication>;
