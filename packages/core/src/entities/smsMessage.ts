import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import { generatedId, timestamps } from "./attributes";
import { SMS_DIRECTIONS, SMS_MESSAGE_STATUSES } from "./enums";
import { gsi3, keyed, primary, SERVICE } from "./keys";

/**
 * One SMS in a conversation, in the conversation's partition
 * (`conversationId` is the conversation's phone number), in time order.
 */
export const smsMessage = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { service: SERVICE, entity: "smsMessage", version: "1" },
      attributes: {
        conversationId: { type: "string", required: true, readOnly: true },
        id: generatedId(),
        direction: { type: SMS_DIRECTIONS, required: true },
        fromNumber: { type: "string", required: true },
        toNumber: { type: "string", required: true },
        messageBody: { type: "string", required: true },
        /** The provider's message id (the spec's twilioSid; SNS and the outbox have ids too). */
        externalId: { type: "string" },
        status: { type: SMS_MESSAGE_STATUSES, required: true, default: "received" },
        aiResponse: { type: "string" },
        /** The rule that sent this answer by itself (shared/inbox.ts AUTOMATIC_RESPONSES: status, hours, help): the spec's automatic response, no AI. */
        automaticResponse: { type: "string" },
        /** A staff reply: who wrote it (user id and first name). */
        sentById: { type: "string" },
        sentBy: { type: "string" },
        /** Why an outbound text did not go out (a STOP, the provider's refusal or its delivery report). */
        errorMessage: { type: "string" },
        ...timestamps(),
      },
      indexes: {
        byConversation: keyed(primary, ["conversationId"], "smsconv#${conversationId}", ["createdAt", "id"], "msg#${createdAt}#${id}"),
        /** Delivery reports carry only the provider's id: they update the thread's copy as well as the log's. */
        byExternalId: {
          ...keyed(gsi3, ["externalId"], "smsmsgext#${externalId}", ["externalId"], "${externalId}"),
          condition: (attr) => attr.externalId !== undefined,
        },
      },
    },
    config,
  );
export type SmsMessage = ReturnType<typeof smsMessage>;
