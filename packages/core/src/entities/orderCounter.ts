import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import { STAGES } from "../shared/lifecycle";
import { keyed, primary, SERVICE } from "./keys";

/**
 * How many orders are in one lifecycle stage now: one item per stage, all in
 * one partition (`stats#orderStages`), so the queue's stat cards and the admin
 * orders counters are one Query of eight items whatever the shop's size.
 * Changed only with ADD in the same transaction as the order write that moves
 * an order in or out of the stage (orders/counters.ts), never counted over
 * orders.
 */
export const orderCounter = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { service: SERVICE, entity: "orderCounter", version: "1" },
      attributes: {
        stage: { type: STAGES, required: true, readOnly: true },
        count: { type: "number", required: true, default: 0 },
      },
      indexes: {
        byStage: keyed(primary, [], "stats#orderStages", ["stage"], "stage#${stage}"),
      },
    },
    config,
  );
export type OrderCounter = ReturnType<typeof orderCounter>;
