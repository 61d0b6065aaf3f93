import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import { generatedId, timestamps } from "./attributes";
import { SMS_DIRECTIONS, SMS_MESSAGE_STATUSES } from "./enums";
import { casing, primary, SERVICE } from "./keys";

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
        ...timestamps(),
      },
      indexes: {
        byConversation: {
          pk: { field: primary.pk, composite: ["conversationId"], template: "smsconv#${conversationId}", casing },
          sk: { field: primary.sk, composite: ["createdAt", "id"], template: "msg#${createdAt}#${id}", casing },
        },
      },
    },
    config,
  );
export type SmsMessage = ReturnType<typeof smsMessage>;
