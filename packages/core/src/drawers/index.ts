/**
 * The cash drawer of each shop's counter (docs/api-staff.md "Drawer", shared/drawer.ts for the rules and sums):
 *
 * - open (staff): one session per shop at a time, held by the uniqueValue item `drawerOpen#<location>` created in
 *   the open's transaction: of two opens at once one wins, the other hears 409 `{code: "DRAWER_OPEN"}`;
 * - cash payments and cash refunds land in it in their own transactions (drawers/cash.ts);
 * - paid in and paid out with a reason (staff): an ADD to the session, conditioned on it being open and on the
 *   figures as read (a paid out never takes more than the drawer should hold); an Idempotency-Key makes a repeat
 *   answer the same movement;
 * - close (staff) with the counted cash: the close report (float, cash in and out, expected, counted, difference, the
 *   day's totals from reports/day-totals.ts) kept on the session, the open item deleted, both conditioned on the
 *   figures it read (a payment landing meanwhile makes it read and decide again), audited, and emailed to the admins
 *   after the commit (`Texts.emailStaff`);
 * - reopen (admin): a closed session open again (its earlier report kept), unless another is open at its shop;
 *   audited;
 * - the admins' list of a period's sessions, one Query of the `drawers` partition of gsi1.
 */
import { createHash, randomUUID } from "node:crypto";
import * as z from "zod/mini";
import { personOf, type Actor, type UserActor } from "../actor";
import { ById, fn } from "../actor/fn";
import { auditWrite } from "../audit";
import { db } from "../db";
import { afterCommit } from "../db/effects";
import { CHANGED, readDecideWrite, writeLabelled } from "../db/labelled";
import { uniqueKey } from "../entities";
import { conflict, invalid, notFound } from "../errors";
import { dayTotals } from "../reports/day-totals";
import { moneySettings } from "../settings";
import { shopContact } from "../settings/shops";
import { shopDay } from "../shared/analytics";
import {
  CloseDrawerInput,
  CurrentDrawerQuery,
  differenceWords,
  DRAWER_OPEN,
  DrawerListQuery,
  DrawerMovementInput,
  expectedCashCents,
  OpenDrawerInput,
  paidOutTooLarge,
  type CurrentDrawer,
  type DrawerMovementView,
  type DrawerReport,
  type DrawerSessionView,
} from "../shared/drawer";
import { Id } from "../shared/ids";
import { SHOP_LABELS, type BookableLocation } from "../shared/location-names";
import { Texts } from "../texts";
import { formatDate } from "../shared/calendar";
import { drawerClosed, openSessionId } from "./cash";
import { reportLines } from "./report-lines";

export * as Drawers from "./index";

export const DRAWER_NOT_FOUND = "Drawer session not found";
export const DRAWER_ALREADY_CLOSED = "This drawer session is closed already.";

type SessionItem = NonNullable<Awaited<ReturnType<ReturnType<ReturnType<typeof db>["entities"]["drawerSession"]["get"]>["go"]>>["data"]>;

/** The first name the shop knows a staff member by (their user item), else their sign-in's. */
async function nameOf(actor: UserActor): Promise<string> {
  const { data } = await db().entities.user.get({ userId: actor.userId }).go();
  return data?.firstName || actor.givenName || actor.username;
}

const cashOf = (session: SessionItem) => ({
  startingCashCents: session.startingCashCents,
  cashSalesCents: session.cashSalesCents ?? 0,
  cashRefundsCents: session.cashRefundsCents ?? 0,
  paidInCents: session.paidInCents ?? 0,
  paidOutCents: session.paidOutCents ?? 0,
});

async function readSession(id: string): Promise<SessionItem | null> {
  const { data } = await db().entities.drawerSession.get({ id }).go({ consistent: true });
  return data;
}

async function movementsOf(sessionId: string): Promise<DrawerMovementView[]> {
  const { data } = await db().entities.drawerMovement.query.bySession({ sessionId }).go({ pages: "all" });
  return data.map((m) => ({
    id: m.id,
    kind: m.kind,
    amountCents: m.amountCents,
    ...(m.reason ? { reason: m.reason } : {}),
    ...(m.orderId ? { orderId: m.orderId } : {}),
    ...(m.orderNumber ? { orderNumber: m.orderNumber } : {}),
    ...(m.byName ? { byName: m.byName } : {}),
    at: m.at,
  }));
}

/** A session as the page shows it; with its lines when `movements` is given. */
function viewOf(session: SessionItem, movements?: DrawerMovementView[]): DrawerSessionView {
  const cash = cashOf(session);
  return {
    id: session.id,
    location: session.location,
    status: session.status,
    day: session.day,
    openedAt: session.openedAt,
    ...(session.openedByName ? { openedByName: session.openedByName } : {}),
    ...cash,
    expectedCashCents: expectedCashCents(cash),
    ...(session.status === "closed"
      ? {
          closedAt: session.closedAt,
          closedByName: session.closedByName,
          countedCashCents: session.countedCashCents,
          differenceCents: session.differenceCents,
          ...(session.note ? { note: session.note } : {}),
          report: session.report as DrawerReport,
        }
      : {}),
    ...(reopensOf(session).length ? { reopened: reopensOf(session).map((r) => ({ at: r.at, ...(r.byName ? { byName: r.byName } : {}) })) } : {}),
    ...(movements ? { movements } : {}),
  };
}

/** The reopens a session lists (entities/drawer.ts `reopened`). */
type Reopen = { at: string; byId?: string; byName?: string };
const reopensOf = (session: SessionItem): Reopen[] => (session.reopened as Reopen[] | undefined) ?? [];

const openKey = (location: BookableLocation) => uniqueKey("drawerOpen", location) as { kind: "drawerOpen"; value: string };

/** The refusal of a second open: the shop's drawer is open, since when and by whom. */
async function alreadyOpen(location: BookableLocation) {
  const id = await openSessionId(location);
  const session = id ? await readSession(id) : null;
  const since = session ? `, opened ${session.openedAt}${session.openedByName ? ` by ${session.openedByName}` : ""}` : "";
  return conflict(`The drawer at ${SHOP_LABELS[location]} is open already${since}.`, { code: DRAWER_OPEN, ...(id ? { sessionId: id } : {}) });
}

/** POST /api/drawers {location, startingCashCents}: the session opened (201). 409 DRAWER_OPEN when one is open there. */
export const openDrawer = /* @__PURE__ */ fn({ role: "staff", input: OpenDrawerInput }, async (staffActor, { location, startingCashCents }): Promise<DrawerSessionView> => {
  const actor = personOf(staffActor);
  const name = await nameOf(actor);
  const id = randomUUID();
  const at = new Date().toISOString();
  const outcome = await writeLabelled((entities) => [
    { label: "open", write: entities.uniqueValue.create({ ...openKey(location), ownerId: id }).commit() },
    {
      label: "session",
      write: entities.drawerSession
        .create({ id, location, status: "open", day: shopDay(at), openedAt: at, openedByName: name, startingCashCents })
        .commit(),
    },
    auditWrite(entities, { actor, actorName: name, action: "drawer.opened", targetType: "drawer", targetId: id, diff: { location, startingCashCents } }),
  ]);
  if (!outcome.committed) {
    if (outcome.failed.includes("open")) throw await alreadyOpen(location);
    throw new Error(`Opening the drawer at ${location} was cancelled: ${JSON.stringify(outcome.codes)}`);
  }
  return viewOf((await readSession(id))!, []);
});

/** GET /api/drawers/current?location=: the shop's open session with its lines, or none and the float to open with. */
export const currentDrawer = /* @__PURE__ */ fn({ role: "staff", input: CurrentDrawerQuery }, async (_actor, { location }): Promise<CurrentDrawer> => {
  const [id, settings] = await Promise.all([openSessionId(location), moneySettings()]);
  const session = id ? await readSession(id) : null;
  return {
    location,
    session: session && session.status === "open" ? viewOf(session, await movementsOf(session.id)) : null,
    defaultFloatCents: settings.drawerFloatCents[location],
  };
});

/** GET /api/drawers/{id}: one session with its lines and, once closed, its report (staff). */
export const getDrawer = /* @__PURE__ */ fn({ role: "staff", input: ById }, async (_actor, { id }): Promise<DrawerSessionView> => {
  const session = await readSession(id);
  if (!session) throw notFound(DRAWER_NOT_FOUND);
  return viewOf(session, await movementsOf(id));
});

const MovementRequest = z.object({
  id: Id,
  movement: DrawerMovementInput,
  idempotencyKey: z.optional(z.string().check(z.minLength(1), z.maxLength(200, "The Idempotency-Key must be 200 characters or less"))),
});

/**
 * POST /api/drawers/{id}/movements {direction, amountCents, reason}: cash paid in or out of the open session (201,
 * the session with its lines). 409 DRAWER_CLOSED when the session is closed; 409 for a paid out over what the
 * drawer should hold. The same Idempotency-Key answers the same movement.
 */
export const addMovement = /* @__PURE__ */ fn({ role: "staff", input: MovementRequest }, async (staffActor, { id, movement, idempotencyKey }): Promise<DrawerSessionView> => {
  const actor = personOf(staffActor);
  const name = await nameOf(actor);
  const lineId = idempotencyKey ? `key-${createHash("sha256").update(JSON.stringify([id, idempotencyKey])).digest("hex").slice(0, 32)}` : randomUUID();
  const at = new Date().toISOString();
  await readDecideWrite(
    async () => {
      const session = await readSession(id);
      if (!session) throw notFound(DRAWER_NOT_FOUND);
      if (idempotencyKey) {
        const { data: lines } = await db().entities.drawerMovement.query.bySession({ sessionId: id }).where((a, { eq }) => eq(a.id, lineId)).go({ pages: "all" });
        if (lines.length) return true;
      }
      if (session.status !== "open") throw drawerClosed(session.location);
      const expected = expectedCashCents(cashOf(session));
      if (movement.direction === "out" && movement.amountCents > expected) throw conflict(paidOutTooLarge(expected));
      const figure = movement.direction === "in" ? "paidInCents" : "paidOutCents";
      const outcome = await writeLabelled((entities) => [
        {
          label: "session",
          write: entities.drawerSession
            .update({ id })
            .add({ [figure]: movement.amountCents, movementCount: 1 })
            .where((a, { eq }) => `${eq(a.status, "open")} AND ${eq(a.movementCount, session.movementCount)}`)
            .commit(),
        },
        {
          label: "line",
          write: entities.drawerMovement
            .create({ sessionId: id, id: lineId, kind: movement.direction, amountCents: movement.amountCents, reason: movement.reason, byName: name, at })
            .commit(),
        },
        auditWrite(entities, {
                actor,
                actorName: name,
                action: movement.direction === "in" ? "drawer.paid_in" : "drawer.paid_out",
                targetType: "drawer",
                targetId: id,
                diff: { location: session.location, amountCents: movement.amountCents, reason: movement.reason },
              }),
      ]);
      if (outcome.committed) return true;
      if (outcome.failed.includes("line")) return true; // the same Idempotency-Key, written meanwhile
      if (outcome.conflict || outcome.failed.includes("session")) return CHANGED;
      throw new Error(`Writing a drawer movement was cancelled: ${JSON.stringify(outcome.codes)}`);
    },
    () => conflict("The drawer kept changing. Refresh and try again."),
  );
  return viewOf((await readSession(id))!, await movementsOf(id));
});

const CloseRequest = z.object({ id: Id, close: CloseDrawerInput });

/**
 * The admins the report is emailed to: every active admin of the staff roster (staff/: the console's Staff page
 * keeps it) and those of the alert index (admins with a verified phone, from before the roster), with the shop's own
 * address (Shop details), each address once.
 */
async function reportRecipients(location: BookableLocation): Promise<{ address: string; userId?: string }[]> {
  const [{ data: alerted }, { data: roster }, contact] = await Promise.all([
    db().entities.user.query.admins({ alertRole: "ADMIN" }).go({ pages: "all" }),
    db().entities.staffRoster.get({ name: "roster" }).go(),
    shopContact(location),
  ]);
  const known = new Set(alerted.map((admin) => admin.userId));
  const others = [...(roster?.admins ?? [])].filter((userId) => !known.has(userId));
  const { data: rostered } = others.length ? await db().entities.user.get(others.map((userId) => ({ userId }))).go() : { data: [] };
  const admins = [...alerted, ...rostered];
  const seen = new Set<string>();
  const recipients: { address: string; userId?: string }[] = [];
  for (const to of [...admins.map((admin) => ({ address: admin.email ?? "", userId: admin.userId })), { address: contact.email ?? "" }]) {
    const address = to.address.trim().toLowerCase();
    if (!address || seen.has(address)) continue;
    seen.add(address);
    recipients.push({ ...to, address });
  }
  return recipients;
}

/**
 * POST /api/drawers/{id}/close {countedCashCents, note?}: the close report (200), kept on the session, audited and
 * emailed to the admins. 409 when the session is closed already.
 */
export const closeDrawer = /* @__PURE__ */ fn({ role: "staff", input: CloseRequest }, async (staffActor, { id, close }): Promise<DrawerReport> => {
  const actor = personOf(staffActor);
  const name = await nameOf(actor);
  return readDecideWrite<DrawerReport>(
    async () => {
      const session = await readSession(id);
      if (!session) throw notFound(DRAWER_NOT_FOUND);
      if (session.status !== "open") throw conflict(DRAWER_ALREADY_CLOSED);
      const at = new Date().toISOString();
      const cash = cashOf(session);
      const expected = expectedCashCents(cash);
      const report: DrawerReport = {
        sessionId: id,
        location: session.location,
        day: session.day,
        openedAt: session.openedAt,
        ...(session.openedByName ? { openedByName: session.openedByName } : {}),
        closedAt: at,
        closedByName: name,
        ...cash,
        expectedCashCents: expected,
        countedCashCents: close.countedCashCents,
        differenceCents: close.countedCashCents - expected,
        ...(close.note ? { note: close.note } : {}),
        dayTotals: await dayTotals(session.location, session.day),
      };
      const outcome = await writeLabelled((entities) => {
        afterCommit({ name: `email drawer ${id} report`, run: () => emailReport(report) });
        return [
          {
            label: "session",
            write: entities.drawerSession
              .patch({ id })
              .set({
                status: "closed",
                closedAt: at,
                closedByName: name,
                countedCashCents: close.countedCashCents,
                differenceCents: report.differenceCents,
                report,
                ...(close.note ? { note: close.note } : {}),
              })
              .where((a, { eq }) => `${eq(a.status, "open")} AND ${eq(a.movementCount, session.movementCount)}`)
              .commit(),
          },
          {
            label: "open",
            write: entities.uniqueValue
              .delete(openKey(session.location))
              .where((a, { eq }) => eq(a.ownerId, id))
              .commit(),
          },
          auditWrite(entities, {
                  actor,
                  actorName: name,
                  action: "drawer.closed",
                  targetType: "drawer",
                  targetId: id,
                  diff: { location: session.location, expectedCashCents: expected, countedCashCents: close.countedCashCents, differenceCents: report.differenceCents, ...(close.note ? { note: close.note } : {}) },
                }),
        ];
      });
      if (outcome.committed) return report;
      if (outcome.conflict || outcome.failed.includes("session")) return CHANGED;
      throw new Error(`Closing drawer ${id} was cancelled: ${JSON.stringify(outcome.codes)}`);
    },
    () => conflict("The drawer kept changing while it was closed. Refresh and count again."),
  );
});

async function emailReport(report: DrawerReport): Promise<void> {
  const words = { shop: SHOP_LABELS[report.location], day: formatDate(report.day), difference: differenceWords(report.differenceCents), lines: reportLines(report) };
  for (const to of await reportRecipients(report.location)) await Texts.emailStaff("drawerClosed", words, to);
}

/**
 * POST /api/admin/drawers/{id}/reopen (admin): a closed session open again, taking cash until it is closed anew; its
 * report kept among `earlierReports`. 409 when it is open, or when another session is open at its shop.
 */
export const reopenDrawer = /* @__PURE__ */ fn({ role: "admin", input: ById }, async (adminActor, { id }): Promise<DrawerSessionView> => {
  const actor = personOf(adminActor);
  const name = await nameOf(actor);
  const session = await readSession(id);
  if (!session) throw notFound(DRAWER_NOT_FOUND);
  if (session.status === "open") throw conflict("This drawer session is open already.");
  const at = new Date().toISOString();
  const earlier = [...((session.earlierReports as DrawerReport[] | undefined) ?? []), session.report as DrawerReport];
  const outcome = await writeLabelled((entities) => [
    { label: "open", write: entities.uniqueValue.create({ ...openKey(session.location), ownerId: id }).commit() },
    {
      label: "session",
      write: entities.drawerSession
        .patch({ id })
        .set({ status: "open", earlierReports: earlier, reopened: [...reopensOf(session), { at, byId: actor.userId, byName: name }] })
        .remove(["closedAt", "closedByName", "countedCashCents", "differenceCents", "note", "report"])
        .where((a, { eq }) => `${eq(a.status, "closed")} AND ${eq(a.closedAt, session.closedAt ?? "")} AND ${eq(a.movementCount, session.movementCount)}`)
        .commit(),
    },
    auditWrite(entities, {
            actor,
            actorName: name,
            action: "drawer.reopened",
            targetType: "drawer",
            targetId: id,
            diff: { location: session.location, closedAt: session.closedAt, countedCashCents: session.countedCashCents, differenceCents: session.differenceCents },
          }),
  ]);
  if (!outcome.committed) {
    if (outcome.failed.includes("open")) throw await alreadyOpen(session.location);
    if (outcome.failed.includes("session") || outcome.conflict) throw conflict("This drawer session changed meanwhile. Refresh and try again.");
    throw new Error(`Reopening drawer ${id} was cancelled: ${JSON.stringify(outcome.codes)}`);
  }
  return viewOf((await readSession(id))!, await movementsOf(id));
});

/** The longest period the list reads at once. */
const MAX_LIST_DAYS = 92;

/** GET /api/admin/drawers?from=&to= (admin): the sessions opened on those shop days (default: the last 30), newest first. */
export const listDrawers = /* @__PURE__ */ fn({ role: "admin", input: DrawerListQuery }, async (_actor: Actor, { from, to }): Promise<{ from: string; to: string; sessions: DrawerSessionView[] }> => {
  const today = shopDay(new Date());
  const end = to ?? today;
  const start = from ?? shopDay(new Date(Date.parse(`${end}T12:00:00Z`) - 29 * 86_400_000));
  if (start > end) throw invalid("from must be on or before to");
  if ((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000 >= MAX_LIST_DAYS) throw invalid(`Ask for at most ${MAX_LIST_DAYS} days at once`);
  const { data } = await db()
    .entities.drawerSession.query.byDay({})
    .between({ day: start, openedAt: "" }, { day: end, openedAt: "~" })
    .go({ pages: "all", order: "desc" });
  return { from: start, to: end, sessions: data.map((session) => viewOf(session)) };
});
