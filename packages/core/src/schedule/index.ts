/**
 * The grip schedule and the partner clubs (docs/api.md, docs/api-admin.md, data-model A22, A23):
 * the public schedule and locations (./public.ts), the admin's partners (./partners.ts) and events
 * (./events.ts), an event's cancel (./cancel.ts). Other modules read an event or a shop's cutoff through ./read.ts,
 * which pulls in none of this.
 *
 * Imported as a namespace: `import { Schedule } from "@regrip/core/schedule"`.
 */
export * as Schedule from "./index";

export { locations, schedule } from "./public";
export { create as createPartner, list as listPartners, remove as removePartner, update as updatePartner } from "./partners";
export { create as createEvent, list as listEvents, remove as removeEvent, update as updateEvent } from "./events";
