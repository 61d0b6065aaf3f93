/**
 * Service orders: booking, reading and the views the API answers.
 * Imported as a namespace: `import { Orders } from "@regrip/core/orders"`.
 */
export * as Orders from "./index";
export * from "./booking";
export * from "./book-service";
export * from "./create";
export * from "./queries";
export * from "./view";
export * from "./moves";
export * from "./move-order";
export * from "./expire";
export { OrderCounters, type OrderCounts } from "./counters";
export * from "./admin-list";
export * from "./notes";
export * from "./counter-payment";
export * from "./reschedule";
export * from "./calendar-file";
