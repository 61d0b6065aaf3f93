/**
 * The one order lifecycle, browser-safe: the stages, the stored
 * values that mean each, and what each screen calls them: the customer's
 * words and the staff's; the server keeps one lifecycle and every screen maps
 * onto it here. Which moves each role may make is ./moves.
 */
export const ORDER_STATUSES = [
  "SCHEDULED",
  "WAITING_ON_PAYMENT",
  "INVOICED",
  "CHECKED_IN",
  "SERVICE_QUEUE",
  "IN_QUEUE",
  "IN_SERVICE",
  "BEING_SERVICED",
  "READY",
  "COMPLETE",
  "PICKED_UP",
  "CANCELED",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const STAGES = [
  "awaiting_payment",
  "scheduled",
  "checked_in",
  "in_queue",
  "in_service",
  "ready",
  "picked_up",
  "canceled",
] as const;
export type Stage = (typeof STAGES)[number];

export const stageOfStatus: Record<OrderStatus, Stage> = {
  INVOICED: "awaiting_payment",
  WAITING_ON_PAYMENT: "awaiting_payment",
  SCHEDULED: "scheduled",
  CHECKED_IN: "checked_in",
  SERVICE_QUEUE: "in_queue",
  IN_QUEUE: "in_queue",
  BEING_SERVICED: "in_service",
  IN_SERVICE: "in_service",
  READY: "ready",
  COMPLETE: "ready",
  PICKED_UP: "picked_up",
  CANCELED: "canceled",
};

/**
 * The one stored value the server writes for each stage. The other values of
 * a stage (WAITING_ON_PAYMENT, SERVICE_QUEUE, BEING_SERVICED, COMPLETE) are
 * still read and shown, but a move always stores the canonical value of its
 * target stage; the customer's and the admin's vocabulary wins where they
 * disagree with the staff queue's.
 */
export const canonicalStatus: Record<Stage, OrderStatus> = {
  awaiting_payment: "INVOICED",
  scheduled: "SCHEDULED",
  checked_in: "CHECKED_IN",
  in_queue: "IN_QUEUE",
  in_service: "IN_SERVICE",
  ready: "READY",
  picked_up: "PICKED_UP",
  canceled: "CANCELED",
};

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The stage of a stored value; undefined for a value this code does not know. */
export function stageOf(status: string): Stage | undefined {
  return isOrderStatus(status) ? stageOfStatus[status] : undefined;
}

/** What the customer sees (the spec's customer labels). */
export const customerStageLabel: Record<Stage, string> = {
  awaiting_payment: "Awaiting Payment",
  scheduled: "Scheduled",
  checked_in: "Checked In",
  in_queue: "In Queue",
  in_service: "In Service",
  ready: "Ready!",
  picked_up: "Completed",
  canceled: "Canceled",
};

/** The staff service queue's words; stages the queue does not name fall back to the customer's. */
export const staffStageLabel: Record<Stage, string> = {
  awaiting_payment: "Waiting Payment",
  scheduled: "Scheduled",
  checked_in: "Checked In",
  in_queue: "Service Queue",
  in_service: "Being Serviced",
  ready: "Complete",
  picked_up: "Picked Up",
  canceled: "Canceled",
};

/**
 * Two vocabularies: the customer's, and one word per stage on every staff screen (the queue, Admin Orders, the
 * staff order view, the scanner). The spec's Admin Orders words (Steam & Showering, Relaxed & Ready, At the Club)
 * read as a second name for the same stage beside the queue's, so staff screens use the queue's.
 */
export type Audience = "customer" | "staff";
const labels: Record<Audience, Record<Stage, string>> = {
  customer: customerStageLabel,
  staff: staffStageLabel,
};

/** The stage of a stored status as `audience` calls it; an unknown stored value shows raw. */
export function stageLabelOf(status: string, audience: Audience = "customer"): string {
  const stage = stageOf(status);
  return stage ? labels[audience][stage] : status;
}

/** The order detail page's progress timeline, in the spec's order and words. */
export const timelineSteps = [
  { stage: "scheduled", label: "Scheduled" },
  { stage: "checked_in", label: "Checked In" },
  { stage: "in_queue", label: "In Queue" },
  { stage: "in_service", label: "In Service" },
  { stage: "ready", label: "Ready for Pickup" },
  { stage: "picked_up", label: "Picked Up", doneLabel: "Completed" },
] as const satisfies readonly { stage: Stage; label: string; doneLabel?: string }[];

/**
 * How far along the timeline an order is: the index of its current step, or
 * -1 before the first step (awaiting payment), canceled, or unknown.
 */
export function timelinePosition(status: string): number {
  const stage = stageOf(status);
  return stage ? timelineSteps.findIndex((step) => step.stage === stage) : -1;
}

/** Stages in which the order is "active" (customer My Grips highlights SCHEDULED through READY). */
export function isActiveStage(stage: Stage): boolean {
  return ["scheduled", "checked_in", "in_queue", "in_service", "ready"].includes(stage);
}

/**
 * The queue's and admin orders' Active filter on the
 * lifecycle: every stage before the paddle is ready.
 */
export const ACTIVE_FILTER_STAGES = ["awaiting_payment", "scheduled", "checked_in", "in_queue", "in_service"] as const satisfies readonly Stage[];

/** How `GET /api/admin/orders?stage=` names a filter: a stage, or `active`. */
export const ORDER_STAGE_FILTERS = [...STAGES, "active"] as const;
export type OrderStageFilter = (typeof ORDER_STAGE_FILTERS)[number];

/** The stages a filter stands for: `active` the Active filter's, a stage itself. */
export function stagesOfFilter(filter: OrderStageFilter): readonly Stage[] {
  return filter === "active" ? ACTIVE_FILTER_STAGES : [filter];
}

/** True when an order in `stage` is in the filter; no filter takes every stage. */
export function inStageFilter(stage: Stage, filter: OrderStageFilter | undefined): boolean {
  return !filter || stagesOfFilter(filter).includes(stage);
}

/** The stored values of each stage, in the order of ORDER_STATUSES. */
export function statusesOfStage(stage: Stage): OrderStatus[] {
  return ORDER_STATUSES.filter((status) => stageOfStatus[status] === stage);
}

/** Payment is a state beside the lifecycle, so a bag can be in the queue before it is paid. */
export const PAYMENT_STATUSES = ["unpaid", "paid", "refunded", "comp"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
