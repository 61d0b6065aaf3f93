import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import { isWholeNumber, timestamps } from "./attributes";
import { expiresAt } from "./expiry";
import { RATE_LIMIT_SCOPES } from "./enums";
import { keyed, primary, SERVICE } from "./keys";

/**
 * The recent uses of a limited action by one subject (e.g. codes sent to one
 * phone number), oldest first, so a limit holds over a truly rolling window.
 * Written with optimistic concurrency on `version`: two requests that read the
 * same uses cannot both add one. DynamoDB's TTL removes the item once its
 * newest use has left the window; until then readers drop old uses themselves.
 */
export const rateLimit = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { service: SERVICE, entity: "rateLimit", version: "1" },
      attributes: {
        scope: { type: RATE_LIMIT_SCOPES, required: true, readOnly: true },
        /** What is limited: the phone number (E.164) for `phoneCode`. */
        subject: { type: "string", required: true, readOnly: true },
        /** ISO timestamps of the uses inside the window, oldest first. */
        uses: { type: "list", items: { type: "string" }, required: true },
        version: { type: "number", required: true, default: 0, validate: isWholeNumber },
        /** expiresAt: when the newest use leaves the window. */
        ...expiresAt(),
        ...timestamps(),
      },
      indexes: {
        bySubject: keyed(primary, ["scope", "subject"], "ratelimit#${scope}#${subject}", [], "ratelimit"),
      },
    },
    config,
  );
export type RateLimit = ReturnType<typeof rateLimit>;
