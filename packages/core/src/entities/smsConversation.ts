import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import { E164, nowIso, timestamps } from "./attributes";
import { SMS_CONVERSATION_STATES } from "./enums";
import { casing, gsi1, primary, SERVICE } from "./keys";

/**
 * One conversation per phone number, keyed by it. `optedOut` records STOP
 * (cleared by START) and is read before every send to that number.
 */
export const smsConversation = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { service: SERVICE, entity: "smsConversation", version: "1" },
      attributes: {
        phoneNumber: { type: "string", required: true, readOnly: true, validate: E164 },
        userId: { type: "string" },
        conversationState: { type: SMS_CONVERSATION_STATES, required: true, default: "active" },
        currentIntent: { type: "string" },
        contextData: { type: "any" },
        optedOut: { type: "boolean", required: true, default: false },
        optedOutAt: { type: "string" },
        lastMessageAt: { type: "string", required: true, default: nowIso },
        ...timestamps(),
      },
      indexes: {
        byPhone: {
          pk: { field: primary.pk, composite: ["phoneNumber"], template: "smsconv#${phoneNumber}", casing },
          sk: { field: primary.sk, composite: [], template: "conversation", casing },
        },
        /** Conversations by latest activity (`order: "desc"` for the most recent). */
        byLastMessage: {
          index: gsi1.index,
          pk: { field: gsi1.pk, composite: [], template: "smsconvs", casing },
          sk: { field: gsi1.sk, composite: ["lastMessageAt"], template: "${lastMessageAt}", casing },
        },
      },
    },
    config,
  );
export type SmsConversation = ReturnType<typeof smsConversation>;
