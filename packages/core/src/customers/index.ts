/**
 * Customers as staff see them (docs/api-staff.md, Customers): find one by name,
 * email or phone, make a walk-in, edit one, and verify their phone at the
 * counter. A customer is a user item (users/): walk-ins staff make are user
 * items without a Cognito account (`hasAccount: false`).
 *
 * Search never reads all customers: every user item carries customerSearch
 * index items (search-index.ts) written in the same transaction as the user,
 * here, in users/ (first sign-in, a customer's own profile edit) and in
 * phone-verification/ (a verified new number).
 *
 * Without HTTP (scripts, the scale bench's fill):
 * `Customers.insert({ firstName, lastName, phone, email, id? }, { actor? })`
 * writes a customer (phone E.164 or null, email lower-case or null: the
 * output of `CustomerForm`, so `z.parse(CustomerForm, typed)` first when the
 * values are as typed) with its uniqueValue email claim and its search index
 * items in one transaction, no audit entry unless an actor is given, and
 * answers the CustomerView (409 when the email is taken). `Customers.search(actor, { q })`
 * is the search the routes run: index items read ≈ customers answered, plus
 * one BatchGet of at most 20 user items.
 */
import * as z from "zod/mini";
import type { Actor } from "../actor";
import { ById, fn } from "../actor/fn";
import * as Audit from "../audit";
import { db } from "../db";
import { CHANGED, readDecideWrite, writeLabelled, type LabelledWrite, type TransactionEntities } from "../db/labelled";
import { uniqueKey } from "../entities";
import { newId } from "../entities/attributes";
import { conflict, notFound } from "../errors";
import * as PhoneVerification from "../phone-verification";
import {
  CUSTOMER_NOT_FOUND,
  CustomerForm,
  CustomerNotes,
  CustomerPatchRequest,
  CustomerRequest,
  CustomerSearchQuery,
  customerName,
  phoneOnFileMessage,
  SEARCH_RESULTS_MAX,
  type CustomerView,
  type PhoneOnFile,
} from "../shared/customers";
import { Id } from "../shared/ids";
import * as Users from "../users";
import { EMAIL_IN_USE, type UserItem } from "../users";
import { findUserIds, searchKeys, searchTerms, termWrites } from "./search-index";

export * as Customers from "./index";
import { staffFactsOf } from "../memberships/badges";
export { CustomerForm, CustomerPatch, CustomerSearchQuery, type CustomerView } from "../shared/customers";

const CHANGED_WHILE_SAVING = "This customer changed while saving. Please try again.";

export function view(user: UserItem): CustomerView {
  return {
    ...Users.personView(user),
    hasAccount: user.hasAccount !== false,
  };
}

async function found(id: string): Promise<UserItem> {
  const user = await Users.get(id);
  if (!user) throw notFound(CUSTOMER_NOT_FOUND);
  return user;
}

/** A customer as staff see them in the queue, the storefront and the quick sale: with their membership and points. */
async function withStaffFacts(users: UserItem[]): Promise<CustomerView[]> {
  const facts = await staffFactsOf(users);
  return users.map((user) => ({ ...view(user), ...facts.get(user.userId)! }));
}

/** GET /api/customers/{id}: with the membership badge and points balance. */
export const get = /* @__PURE__ */ fn({ role: "staff", input: ById }, async (_actor, { id }): Promise<CustomerView> => (await withStaffFacts([await found(id)]))[0]!);

const byName = (a: UserItem, b: UserItem) =>
  (a.lastName ?? "").localeCompare(b.lastName ?? "", "en", { sensitivity: "base" }) ||
  (a.firstName ?? "").localeCompare(b.firstName ?? "", "en", { sensitivity: "base" }) ||
  a.userId.localeCompare(b.userId);

/**
 * GET /api/customers/search?q= (and the admin address): at most 20 customers
 * with a name, "first last", email or phone digits starting with `q`, by last
 * then first name. When more than 20 match, the 20 whose matching term sorts
 * first are answered (type more to narrow). One or two index Queries read only
 * until 20 customers are found, then one BatchGet of their user items; a user
 * whose stored fields no longer match (a change committing at this very
 * moment) is left out.
 */
export const search = /* @__PURE__ */ fn({ role: "staff", input: CustomerSearchQuery }, async (_actor, { q }): Promise<{ items: CustomerView[] }> => {
  const ids = await findUserIds(q, SEARCH_RESULTS_MAX);
  if (ids.length === 0) return { items: [] };
  const { data } = await db()
    .entities.user.get(ids.map((userId) => ({ userId })))
    .go();
  const keys = searchKeys(q);
  const users = (data as UserItem[]).filter((user) => searchTerms(user).some((term) => keys.some((key) => term.startsWith(key))));
  return { items: await withStaffFacts(users.sort(byName)) };
});

/**
 * The customer (other than `exceptId`) whose phone is `phone`, by name, or undefined. Phones are not unique
 * (families share one), so there is no claim to write: the phone's digits are a search term of every customer
 * who has it (search-index.ts), so one index Query finds them (the ids whose terms start with those digits,
 * never more than 20 of them) and one BatchGet keeps those whose phone is exactly this one.
 */
async function onFileWithPhone(phone: string, exceptId?: string): Promise<UserItem | undefined> {
  const ids = (await findUserIds(phone, SEARCH_RESULTS_MAX)).filter((id) => id !== exceptId);
  if (ids.length === 0) return undefined;
  const { data } = await db()
    .entities.user.get(ids.map((userId) => ({ userId })))
    .go();
  return (data as UserItem[]).filter((user) => user.phone === phone).sort(byName)[0];
}

/**
 * 409 'A customer with this phone is already on file: <name>' with the customer on file (`PhoneOnFile`) when
 * `phone` is another customer's, unless staff confirmed a second customer with it (`allowSharedPhone`).
 */
async function refusePhoneOnFile(phone: string | null | undefined, allowSharedPhone: boolean | undefined, exceptId?: string): Promise<void> {
  if (!phone || allowSharedPhone) return;
  const existing = await onFileWithPhone(phone, exceptId);
  if (!existing) return;
  const customer = view(existing);
  const details: PhoneOnFile = { existingCustomerId: customer.id, existingCustomer: customer };
  throw conflict(phoneOnFileMessage(customerName(customer)), { ...details });
}

const auditWrite = (entities: TransactionEntities, actor: Actor, action: string, targetId: string, diff?: Record<string, unknown>): LabelledWrite => ({
  label: "audit",
  write: entities.auditLog.create(Audit.entry({ actor, action, targetType: "user", targetId, diff })).commit(),
});

/**
 * A new customer with no account: the user item, the claim on its email and
 * its search items in one transaction (and the audit entry when an actor is
 * given). 409 when the email is someone else's.
 */
export async function insert(input: CustomerForm & { id?: string }, options: { actor?: Actor } = {}): Promise<CustomerView> {
  const userId = input.id ?? newId();
  const item = {
    userId,
    firstName: input.firstName,
    lastName: input.lastName,
    ...(input.email ? { email: input.email } : {}),
    ...(input.phone ? { phone: input.phone } : {}),
    roles: ["CUSTOMER" as const],
    hasAccount: false,
    emailVerified: false,
    phoneVerified: false,
    // Order updates on, promotions off: a walk-in made by staff is never opted in to promotional texts.
    ...Users.NEW_ACCOUNT_CONSENT,
  };
  const terms = searchTerms(item);
  const outcome = await writeLabelled((entities) => [
    { label: "user", write: entities.user.create({ ...item, searchTerms: terms }).commit() },
    ...(input.email
      ? [{ label: "email-claim", write: entities.uniqueValue.create({ ...uniqueKey("email", input.email), ownerId: userId }).commit() }]
      : []),
    ...termWrites(entities, userId, undefined, terms),
    // The fields given, by name (as an edit records them): the audit log keeps no copy of a customer's details.
    ...(options.actor
      ? [auditWrite(entities, options.actor, "customer.created", userId, { fields: (["firstName", "lastName", "email", "phone"] as const).filter((field) => item[field as keyof typeof item]) })]
      : []),
  ]);
  if (!outcome.committed) {
    if (outcome.failed.includes("email-claim")) throw conflict(EMAIL_IN_USE);
    throw conflict(CHANGED_WHILE_SAVING);
  }
  return view(await found(userId));
}

/**
 * POST /api/admin/customers: a walk-in. Audit `customer.created`. A phone already on another customer is
 * refused (409 with that customer) unless `allowSharedPhone`.
 */
export const create = /* @__PURE__ */ fn({ role: "staff", input: CustomerRequest }, async (actor, { allowSharedPhone, ...form }): Promise<CustomerView> => {
  await refusePhoneOnFile(form.phone, allowSharedPhone);
  return insert(form, { actor });
});

/** The fields a change touches, `undefined` leaving one alone and `null` clearing it. */
interface Edit {
  firstName?: string;
  lastName?: string;
  phone?: string | null;
  email?: string | null;
}

/**
 * Applies an edit (users/ `writeProfile`: email claim, search items, a new
 * email or phone unverified) with its audit entry in the same transaction;
 * made again on the customer as they now are when another write came first.
 */
async function edit(actor: Actor, id: string, input: Edit, allowSharedPhone: boolean | undefined): Promise<CustomerView> {
  return readDecideWrite(async () => {
    const current = await found(id);
    // A phone changed to another customer's: the create's rule (a phone kept as it is is never asked about).
    if (input.phone && input.phone !== current.phone) await refusePhoneOnFile(input.phone, allowSharedPhone, id);
    const changes = Users.profileChanges(current, {
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone === undefined ? undefined : (input.phone ?? ""),
      email: input.email === undefined ? undefined : (input.email ?? ""),
    });
    const changed = [...Object.keys(changes.set), ...changes.remove].filter((field) => field !== "emailVerified" && field !== "phoneVerified");
    if (changed.length === 0) return view(current);
    const outcome = await Users.writeProfile(current, changes, (entities) => [
      auditWrite(entities, actor, "customer.updated", id, { fields: changed.sort() }),
    ]);
    if (outcome.committed) return view(outcome.user);
    if (outcome.failed.includes(Users.PROFILE_LABELS.emailClaim)) throw conflict(EMAIL_IN_USE);
    return CHANGED;
  }, () => conflict(CHANGED_WHILE_SAVING));
}

const ReplaceInput = z.object({ id: Id, customer: CustomerRequest });
/**
 * PUT /api/admin/customers/{id}: the whole customer; no phone or email clears it. Audit `customer.updated`. A new
 * phone already on another customer: 409 as for a create, unless `allowSharedPhone`.
 */
export const replace = /* @__PURE__ */ fn({ role: "staff", input: ReplaceInput }, async (actor, { id, customer: { allowSharedPhone, ...customer } }): Promise<CustomerView> =>
  edit(actor, id, customer, allowSharedPhone),
);

const UpdateInput = z.object({ id: Id, patch: CustomerPatchRequest });
/**
 * PATCH /api/customers/{id}: only the fields sent; the phone cannot be cleared (the schema's rule). Audit
 * `customer.updated`. A new phone already on another customer: 409 as for a create, unless `allowSharedPhone`.
 */
export const update = /* @__PURE__ */ fn({ role: "staff", input: UpdateInput }, async (actor, { id, patch: { allowSharedPhone, ...patch } }): Promise<CustomerView> =>
  edit(actor, id, patch, allowSharedPhone),
);

const NotesInput = z.object({ id: Id, body: CustomerNotes });
/**
 * PUT /api/customers/{id}/notes {notes}: staff's notes on the customer, the whole text (empty clears them), with the
 * audit entry `customer.updated` (`{ fields: ["notes"] }`: the log keeps no copy of the words) in one transaction.
 * Unchanged notes write nothing. 404 for an unknown customer. Answers the notes as stored (null for none).
 */
export const saveNotes = /* @__PURE__ */ fn({ role: "staff", input: NotesInput }, async (actor, { id, body: { notes } }): Promise<{ notes: string | null }> => {
  const current = await found(id);
  if ((current.staffNotes ?? "") === notes) return { notes: notes || null };
  const outcome = await writeLabelled((entities) => [
    {
      label: "user",
      write: (notes ? entities.user.patch({ userId: id }).set({ staffNotes: notes }) : entities.user.patch({ userId: id }).remove(["staffNotes"])).commit(),
    },
    auditWrite(entities, actor, "customer.updated", id, { fields: ["notes"] }),
  ]);
  if (!outcome.committed) {
    if (outcome.failed.includes("user")) throw notFound(CUSTOMER_NOT_FOUND);
    throw conflict(CHANGED_WHILE_SAVING);
  }
  return { notes: notes || null };
});

const SendPhoneCodeInput = z.object({ id: Id, send: PhoneVerification.SendCode });
/**
 * POST /api/customers/{id}/phone: texts a code to the customer at the counter,
 * with the limits and messages of the customer's own send, keyed by the customer.
 */
export const sendPhoneCode = /* @__PURE__ */ fn(
  { role: "staff", input: SendPhoneCodeInput },
  async (_actor, { id, send }): Promise<{ phoneNumber: string }> => {
    await found(id);
    return PhoneVerification.sendCodeTo(id, send);
  },
);

const VerifyPhoneInput = z.object({ id: Id, verify: PhoneVerification.VerifyCode });
/**
 * POST /api/customers/{id}/phone/verify: the code the customer read out; the
 * phone is set and verified, with audit `customer.phone_verified` in the same transaction.
 */
export const verifyPhone = /* @__PURE__ */ fn(
  { role: "staff", input: VerifyPhoneInput },
  async (actor, { id, verify }): Promise<CustomerView> => {
    await found(id);
    const user = await PhoneVerification.verifyCodeOf(id, verify, (entities) => [auditWrite(entities, actor, "customer.phone_verified", id)]);
    return view(user);
  },
);
