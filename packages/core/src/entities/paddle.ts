import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import { generatedId, timestamps } from "./attributes";
import { OWNERSHIP_STATUSES, PADDLE_MATERIALS, PADDLE_SHAPES } from "./enums";
import { gsi1, keyed, primary, SERVICE } from "./keys";

const isCoreThickness = (mm: number | undefined) => mm === undefined || (Number.isInteger(mm) && mm >= 11 && mm <= 18);
const isTackiness = (n: number | undefined) => n === undefined || (n >= 0 && n <= 5);
const isPositive = (n: number | undefined) => n === undefined || n > 0;

/**
 * A customer's paddle, stored in its owner's partition: listing a user's
 * paddles is one Query, and reading one needs userId and id, so a customer
 * can only ever address their own. Staff, who may act on any customer's
 * paddle, find it by id alone through `byId`.
 */
export const paddle = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { service: SERVICE, entity: "paddle", version: "1" },
      attributes: {
        userId: { type: "string", required: true, readOnly: true },
        id: generatedId(),
        brand: { type: "string", required: true },
        model: { type: "string" },
        nickname: { type: "string" },
        personality: { type: "string" },
        /** Millimetres, whole numbers 11 to 18. */
        coreThickness: { type: "number", validate: isCoreThickness },
        shape: { type: PADDLE_SHAPES },
        material: { type: PADDLE_MATERIALS },
        colorway: { type: "string" },
        /** Serial number or free notes. */
        serial: { type: "string" },
        photoUrl: { type: "string" },
        photoUrls: { type: "list", items: { type: "string" } },
        prefs: {
          type: "map",
          properties: {
            /** Out of 5. */
            tackiness: { type: "number", validate: isTackiness },
            color: { type: "string" },
          },
        },
        bagId: { type: "string" },
        ownershipStatus: { type: OWNERSHIP_STATUSES, required: true, default: "owned" },
        knownDefects: { type: "string" },
        weightGrams: { type: "number", validate: isPositive },
        gripSize: { type: "string" },
        ...timestamps(),
      },
      indexes: {
        byOwner: {
          ...keyed(primary, ["userId"], "user#${userId}", ["id"], "paddle#${id}"),
          collection: "account",
        },
        /** A paddle by id, whoever owns it (staff). */
        byId: keyed(gsi1, ["id"], "paddle#${id}", [], "paddle"),
      },
    },
    config,
  );
export type Paddle = ReturnType<typeof paddle>;
