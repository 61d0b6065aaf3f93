import type { CustomerView } from "@regrip/core/shared/customers";
import { isPlan, type AssignedPaddle, type MembershipBadge } from "@regrip/core/shared/membership";
import { QUICK_SALE_SERVICE_IDS, type QuickSaleService } from "@regrip/core/shared/quick-sale";

/**
 * The quick sale in progress, kept in this tab's sessionStorage so a reload (or a crash of the counter's browser)
 * comes back to the same step with the same customer, paddle, bag, services and discount; cleared when the sale
 * is done or started over. The Idempotency-Key of a sale already sent is kept too: sent again after a reload, it
 * answers the order the first request made instead of making a second. The customer's membership badge is kept
 * with them (its assigned paddles are the "Paddle" choices), and `paddleId` is the assigned paddle chosen, if any.
 */
export interface QuickSaleDraft {
  step: number;
  search: string;
  customer: CustomerView | undefined;
  paddle: { nickname: string; brand: string; model: string };
  /** An assigned paddle of the member's, chosen instead of a new paddle. */
  paddleId: string | undefined;
  bagNumber: string;
  services: QuickSaleService[];
  discount: string;
  discountNotes: string;
  idempotencyKey: string | undefined;
}

const QUICK_SALE_DRAFT_KEY = "regrip.quickSale.draft";

export const emptyDraft: QuickSaleDraft = {
  step: 0,
  search: "",
  customer: undefined,
  paddle: { nickname: "", brand: "", model: "" },
  paddleId: undefined,
  bagNumber: "",
  services: [],
  discount: "",
  discountNotes: "",
  idempotencyKey: undefined,
};

const storage = (): Storage | undefined => {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
};

const text = (value: unknown, max: number): string => (typeof value === "string" ? value.slice(0, max) : "");

const paddleOf = (value: unknown): AssignedPaddle[] => {
  if (typeof value !== "object" || value === null) return [];
  const p = value as Record<string, unknown>;
  if (typeof p.id !== "string" || typeof p.nickname !== "string" || typeof p.brand !== "string") return [];
  return [{ id: p.id, nickname: p.nickname, brand: p.brand, model: typeof p.model === "string" ? p.model : null }];
};

function membershipOf(value: unknown): MembershipBadge | null {
  if (typeof value !== "object" || value === null) return null;
  const m = value as Record<string, unknown>;
  if (!isPlan(m.plan) || typeof m.status !== "string" || typeof m.regripsLeft !== "number") return null;
  return {
    plan: m.plan,
    status: m.status,
    regripsLeft: m.regripsLeft,
    assignedPaddleIds: Array.isArray(m.assignedPaddleIds) ? m.assignedPaddleIds.filter((id): id is string => typeof id === "string") : [],
    assignedPaddles: Array.isArray(m.assignedPaddles) ? m.assignedPaddles.flatMap(paddleOf) : [],
  };
}

function customerOf(value: unknown): (CustomerView & { membership?: MembershipBadge | null }) | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const c = value as Record<string, unknown>;
  if (typeof c.id !== "string" || !c.id) return undefined;
  const orNull = (v: unknown) => (typeof v === "string" ? v : null);
  return {
    id: c.id,
    firstName: orNull(c.firstName),
    lastName: orNull(c.lastName),
    email: orNull(c.email),
    phone: orNull(c.phone),
    phoneVerified: c.phoneVerified === true,
    hasAccount: c.hasAccount === true,
    ...(c.membership ? { membership: membershipOf(c.membership) } : {}),
  };
}

/** The draft this tab kept, checked field by field (anything odd falls back to empty); the empty draft when none. */
export function readDraft(): QuickSaleDraft {
  try {
    const raw: unknown = JSON.parse(storage()?.getItem(QUICK_SALE_DRAFT_KEY) ?? "null");
    if (typeof raw !== "object" || raw === null) return emptyDraft;
    const d = raw as Record<string, unknown>;
    const customer = customerOf(d.customer);
    const paddle = (typeof d.paddle === "object" && d.paddle !== null ? d.paddle : {}) as Record<string, unknown>;
    const step = typeof d.step === "number" && Number.isInteger(d.step) && d.step >= 0 && d.step <= 3 ? d.step : 0;
    return {
      // No customer, no later step.
      step: customer ? step : 0,
      search: text(d.search, 100),
      customer,
      paddle: { nickname: text(paddle.nickname, 60), brand: text(paddle.brand, 60), model: text(paddle.model, 60) },
      paddleId: customer && typeof d.paddleId === "string" && d.paddleId.length <= 64 ? d.paddleId : undefined,
      bagNumber: text(d.bagNumber, 3),
      services: Array.isArray(d.services) ? QUICK_SALE_SERVICE_IDS.filter((id) => (d.services as unknown[]).includes(id)) : [],
      discount: text(d.discount, 12),
      discountNotes: text(d.discountNotes, 500),
      idempotencyKey: typeof d.idempotencyKey === "string" && d.idempotencyKey.length <= 64 ? d.idempotencyKey : undefined,
    };
  } catch {
    return emptyDraft;
  }
}

export function writeDraft(draft: QuickSaleDraft): void {
  try {
    storage()?.setItem(QUICK_SALE_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage full or refused: the wizard still works for this page view.
  }
}

export function clearDraft(): void {
  try {
    storage()?.removeItem(QUICK_SALE_DRAFT_KEY);
  } catch {
    // nothing kept
  }
}
