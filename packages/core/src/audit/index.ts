/**
 * The audit log: who did what to which record. `record` writes one entry on
 * its own; `entry` gives the item for a transaction, so a change and its
 * audit entry are written together (a status move, a payment).
 */
import type { Actor } from "../actor";
import { db } from "../db";
import type { LabelledWrite, TransactionEntities } from "../db/labelled";
import type { AuditTargetType } from "../entities";
import type { AuditItem } from "./list";

export * as Audit from "./index";


export interface AuditInput {
  actor: Actor;
  /** What happened, `<target>.<verb>`: `order.status_changed`, `order.paid`, `order.refunded`. */
  action: string;
  targetType: AuditTargetType;
  targetId: string;
  diff?: Record<string, unknown>;
  /** The actor's first name as the shop knows it (the user item), when the caller has read it. */
  actorName?: string;
}

/** The actor as the log shows them: a user's id and first name; the system has no id ('System' on screen). */
export function actorFields(actor: Actor): { actorId?: string; actorName?: string } {
  if (actor.type === "system") return {};
  return { actorId: actor.userId, actorName: actor.givenName || actor.username };
}

/** The attributes of an audit entry, for `auditLog.create(entry(...))` inside a transaction. */
export function entry(input: AuditInput) {
  // A system entry says which part of the system acted (e.g. the Stripe webhook).
  const by = input.actor.type === "system" ? { by: input.actor.name } : undefined;
  return {
    ...actorFields(input.actor),
    ...(input.actorName ? { actorName: input.actorName } : {}),
    action: input.action,
    targetType: input.targetType,
    targetId: input.targetId,
    diff: input.diff || by ? { ...input.diff, ...by } : undefined,
    // Where the request came from travels with its actor (set by the handler layer), so every writer records it.
    ...(input.actor.type === "user" ? { ip: input.actor.ip, userAgent: input.actor.userAgent } : {}),
  };
}

/** An audit entry as a transaction's labelled write (label `audit`, or the one given), at `createdAt` when given. */
export function auditWrite(entities: TransactionEntities, input: AuditInput, options: { label?: string; createdAt?: string } = {}): LabelledWrite {
  return {
    label: options.label ?? "audit",
    write: entities.auditLog.create({ ...entry(input), ...(options.createdAt ? { createdAt: options.createdAt } : {}) }).commit(),
  };
}

export async function record(input: AuditInput): Promise<AuditItem> {
  const created = await db().entities.auditLog.create(entry(input)).go();
  return created.data as AuditItem;
}

/** The history of one record, newest first. */
export async function forTarget(targetType: AuditTargetType, targetId: string, limit = 50): Promise<AuditItem[]> {
  const page = await db().entities.auditLog.query.byTarget({ targetType, targetId }).go({ order: "desc", limit });
  return page.data as AuditItem[];
}

/* GET /api/admin/audit: its own module, so the many routes that only write entries leave it out. */
export * from "./list";
