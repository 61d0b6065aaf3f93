/**
 * One signature for the domain's public functions (docs/architecture.md, "Domain functions"):
 *
 *   export const list = PURE fn({ role: "customer", input: NoInput }, async (actor) => ...);
 *   export const update = PURE fn({ role: "admin", input: z.object({ id: Id, patch: PromotionPatch }) }, async (actor, { id, patch }) => ...);
 *
 * PURE stands for the comment `@__PURE__` written as a block comment before the call: every `fn(...)` carries it,
 * so a bundle that imports a module for one function leaves out the module's other functions and their schemas.
 * Without it esbuild must keep every top-level call (it might have effects), and a route's Lambda carries each
 * domain module it touches whole: `POST /api/book-service` had grown to 322.7 KB, over the 300 KB budget
 * (`npm run bench:lambda`). `scripts/lib/imports.test.ts` checks every call carries it.
 *
 * A function made by `fn` is called `(actor, input)`. It asserts the role first (who may call it, the route
 * table's words from shared/access.ts `RoleAccess`: public, customer, staff, admin), then parses the input with the schema it carries as `.schema`,
 * so it is as safe called from a job, a webhook, a script or a test as from its route. The handler declares the
 * same schema (`api({ body: Paddles.create.schema }, ...)`); what the handler parsed is not parsed twice (a query
 * schema turns `"20"` into `20`, so parsing its output again would fail).
 *
 * A refused role is the domain's 403 (`FORBIDDEN`), a signed-out caller its 401; a bad input throws zod's error,
 * which the handler answers as a 400 `{ message }` with the schema's words, as it does for a bad body.
 */
import * as z from "zod/mini";
import type { $ZodType } from "zod/v4/core";
import { unauthorized } from "../errors";
import type { RoleAccess } from "../shared/access";
import { Id } from "../shared/ids";
import { isAdmin, isStaff, refusedRole, type Actor, type UserActor } from "./index";

/**
 * The actor a function sees: anyone (signed out too) for a public one; a signed-in user for a customer's (their
 * own paddles, orders, profile: the system has none); staff or the system itself for staff and admin ones.
 */
export type ActorFor<A extends RoleAccess> = A extends "public" ? Actor | null : A extends "customer" ? UserActor : Actor;

/** The input of a function that takes none: called `(actor)`. */
export const NoInput = z.optional(z.undefined());

/** The input of a function on one record named by its id (a path's `{id}`): called `(actor, { id })`. */
export const ById = z.object({ id: Id });

/**
 * What a caller passes: the raw input, or what the handler already parsed with the same schema; or a function
 * answering either, read only once the role is asserted (a handler whose input can itself be refused, a body
 * that is not JSON, the site's address unset, so a caller of the wrong role hears 403 whatever they sent).
 */
type Given<S extends $ZodType> = z.input<S> | z.output<S>;
type Args<S extends $ZodType> = undefined extends z.input<S> ? [input?: Given<S> | (() => Given<S>)] : [input: Given<S> | (() => Given<S>)];

export type DomainFn<A extends RoleAccess, S extends $ZodType, R> = ((actor: A extends "public" ? Actor | null : Actor, ...input: Args<S>) => Promise<R>) & {
  /** The input's schema: the handler parses its body or query with it. */
  readonly schema: S;
  /** Who may call it. */
  readonly access: A;
};

/** Results of `parse`, by the schema that made them: a function handed one of these does not parse it again. */
const parsedWith = new WeakMap<object, $ZodType>();

/** Parses `raw` with `schema`, remembering the result as parsed by it (the handler parses bodies and queries here). */
export function parse<S extends $ZodType>(schema: S, raw: unknown): z.output<S> {
  const value = z.parse(schema, raw);
  if (typeof value === "object" && value !== null) parsedWith.set(value, schema);
  return value;
}

/** The actor, if it may call a function of `access`; else the 401 or 403 a route would answer. */
export function assertAccess<A extends RoleAccess>(access: A, actor: Actor | null | undefined): ActorFor<A> {
  if (access === "public") return (actor ?? null) as ActorFor<A>;
  if (!actor) throw unauthorized();
  const allowed = access === "customer" ? actor.type === "user" : access === "staff" ? isStaff(actor) : isAdmin(actor);
  if (!allowed) throw refusedRole(actor);
  return actor as ActorFor<A>;
}

export function fn<A extends RoleAccess, S extends $ZodType, R>(
  declared: { role: A; input: S },
  body: (actor: ActorFor<A>, input: z.output<S>) => Promise<R>,
): DomainFn<A, S, R> {
  const { role, input: schema } = declared;
  const call = async (actor: Actor | null, ...args: unknown[]): Promise<R> => {
    const allowed = assertAccess(role, actor);
    const raw = typeof args[0] === "function" ? (args[0] as () => unknown)() : args[0];
    const parsed = typeof raw === "object" && raw !== null && parsedWith.get(raw) === schema ? (raw as z.output<S>) : parse(schema, raw);
    return body(allowed, parsed);
  };
  return Object.assign(call, { schema, access: role }) as DomainFn<A, S, R>;
}
