import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import { isWholeNumber, timestamps } from "./attributes";
import { expiresAt } from "./expiry";
import { VERIFICATION_TYPES } from "./enums";
import { keyed, primary, SERVICE } from "./keys";

/**
 * A pending verification code, one per identifier and type (a new code
 * replaces the old with `put`). Only a hash of the code is stored. DynamoDB's
 * TTL deletes it some time after `expiresAtEpoch`; until then `expiresAt` is
 * what the check compares, since TTL deletion is not immediate.
 */
export const verificationCode = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { service: SERVICE, entity: "verificationCode", version: "1" },
      attributes: {
        /** Who is verifying: the user id for the phone step (the verify call carries only the code). */
        identifier: { type: "string", required: true, readOnly: true },
        type: { type: VERIFICATION_TYPES, required: true, readOnly: true },
        /** Where the code went: the phone number (E.164) or email being verified. */
        destination: { type: "string", required: true },
        userId: { type: "string" },
        codeHash: { type: "string", required: true },
        attempts: { type: "number", required: true, default: 0, validate: isWholeNumber },
        ...expiresAt(),
        ...timestamps(),
      },
      indexes: {
        byIdentifier: keyed(primary, ["identifier"], "verify#${identifier}", ["type"], "${type}"),
      },
    },
    config,
  );
export type VerificationCode = ReturnType<typeof verificationCode>;
